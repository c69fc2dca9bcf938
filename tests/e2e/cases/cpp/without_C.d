/* ARGS: -s @SCRIPT@ */
/* Without -C, only #pragma and #line-style control lines are D. */
#define X 1
BEGIN { exit(0); }
