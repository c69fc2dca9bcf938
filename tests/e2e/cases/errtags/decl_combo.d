/* ARGS: -xerrtags -s @SCRIPT@ */
int char x;
BEGIN { exit(0); }
