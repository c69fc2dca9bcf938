/* ARGS: -xerrtags -s @SCRIPT@ */
self this int x;
BEGIN { exit(0); }
