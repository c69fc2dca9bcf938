/* ARGS: -xerrtags -s @SCRIPT@ */
int a[int x, string x];
BEGIN { exit(0); }
