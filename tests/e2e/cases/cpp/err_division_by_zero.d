/* ARGS: -C -s @SCRIPT@ */
#define DIVISOR 0
#if 0 && 1 / DIVISOR
#endif
#if 1 / DIVISOR
#endif
BEGIN { exit(0); }
