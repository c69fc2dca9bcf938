/* ARGS: -xerrtags -s @SCRIPT@ */
int a[void];
BEGIN { exit(0); }
