/* ARGS: -C -q -s @SCRIPT@ */
/* The macros DTrace defines when it runs cpp, and C's own. */
BEGIN
{
	printf("__linux=%d __linux__=%d __unix=%d __unix__=%d __SVR4=%d __Linux=%d\n",
	    __linux, __linux__, __unix, __unix__, __SVR4, __Linux);
	printf("__x86_64=%d __x86_64__=%d __amd64=%d __amd64__=%d _LP64=%d __LP64__=%d\n",
	    __x86_64, __x86_64__, __amd64, __amd64__, _LP64, __LP64__);
	printf("__SUNW_D=%d __SUNW_D_64=%d __SUNW_D_VERSION=%x\n",
	    __SUNW_D, __SUNW_D_64, __SUNW_D_VERSION);
	printf("__STDC__=%d\n", __STDC__);
#ifdef __GNUC__
	printf("__GNUC__ is defined\n");
#else
	printf("__GNUC__ is not defined\n");
#endif
	printf("%s:%d\n", __FILE__, __LINE__);
	exit(0);
}
