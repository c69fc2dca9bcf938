/* ARGS: -xerrtags -s @SCRIPT@ */
self void v;
BEGIN { exit(0); }
