/* ARGS: -xerrtags -s @SCRIPT@ */
enum big { HUGE = 0x80000000 };
BEGIN { exit(0); }
