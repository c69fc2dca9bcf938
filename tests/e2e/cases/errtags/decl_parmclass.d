/* ARGS: -xerrtags -s @SCRIPT@ */
int a[extern int];
BEGIN { exit(0); }
