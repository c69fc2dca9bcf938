/* ARGS: -C -q -s @SCRIPT@ */
/* #define: object-like and function-like macros, # and ##, variadic
   macros, a macro named in its own expansion, #undef. */
#define LIMIT 10
#define SQUARE(x) ((x) * (x))
#define STR(x) #x
#define XSTR(x) STR(x)
#define CAT(a, b) a ## b
#define SHOW(...) printf(__VA_ARGS__)
#define LOG(fmt, ...) printf(fmt, ## __VA_ARGS__)
#define EMPTY
#define PROBE(fn) syscall::fn:entry

BEGIN
{
	printf("%d %d\n", LIMIT, SQUARE(LIMIT + 1));
	printf("%s %s\n", STR(LIMIT), XSTR(LIMIT));
	CAT(my, var) = 7;
	printf("%d\n", myvar);
	SHOW("%s-%d\n", "variadic", 3);
	LOG("no arguments\n");
	LOG("%d argument\n", 1);
	printf("%d\n", 1 EMPTY + 1);
	val = 20;
}

#define val val + 1
BEGIN
{
	printf("%d\n", val);
}
#undef val

BEGIN
{
	printf("%d\n", val);
	exit(0);
}

PROBE(getppid)
/0/
{
}
