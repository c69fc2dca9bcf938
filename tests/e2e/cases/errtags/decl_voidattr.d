/* ARGS: -xerrtags -s @SCRIPT@ */
unsigned void v;
BEGIN { exit(0); }
