/* ARGS: -xerrtags -s @SCRIPT@ */
int a[...];
BEGIN { exit(0); }
