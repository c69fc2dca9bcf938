/* ARGS: -xerrtags -s @SCRIPT@ */
extern int;
BEGIN { exit(0); }
