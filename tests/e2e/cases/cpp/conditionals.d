/* ARGS: -C -q -s @SCRIPT@ */
/* #if, #elif, #else, #endif, #ifdef, #ifndef and defined, with C's
   integer arithmetic in the controlling expressions. */
#define LEVEL 3
#define FEATURE

BEGIN
{
#if LEVEL > 2 && defined(FEATURE)
	printf("level above 2 with the feature\n");
#elif LEVEL > 1
	printf("wrong branch\n");
#else
	printf("wrong branch\n");
#endif
#if LEVEL == 1
	printf("wrong branch\n");
#elif LEVEL == 3
	printf("#elif taken\n");
#else
	printf("wrong branch\n");
#endif
#ifdef FEATURE
	printf("#ifdef\n");
#endif
#ifndef MISSING
	printf("#ifndef\n");
#endif
#if defined LEVEL && !defined MISSING
	printf("defined without parentheses\n");
#endif
#if 0
	This is not D, and it's never seen: unbalanced ' and " are fine here.
#error not reached
#endif
#if (-1 < 0u) == 0 && 'A' == 65 && (1 ? 2 : 3) == 2 && (0 && 1 / 0) == 0
	printf("integer arithmetic as in C\n");
#endif
#if 0xffffffffffffffff == -1 && -1 >> 70 == -1 && 1 << 64 == 0 && UNDEFINED == 0
	printf("64-bit values, defined shifts, unknown names are 0\n");
#endif
	exit(0);
}
