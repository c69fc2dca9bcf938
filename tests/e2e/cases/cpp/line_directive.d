/* ARGS: -C -q -s @SCRIPT@ */
BEGIN
{
	printf("%d\n", __LINE__);
#line 100
	printf("%d\n", __LINE__);
#line 200 "renamed.d"
	printf("%s %d\n", __FILE__, __LINE__);
	exit(0);
}
