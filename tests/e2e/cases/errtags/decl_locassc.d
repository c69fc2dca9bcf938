/* ARGS: -xerrtags -s @SCRIPT@ */
this int a[int];
BEGIN { exit(0); }
