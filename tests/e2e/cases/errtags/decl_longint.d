/* ARGS: -xerrtags -s @SCRIPT@ */
long string s;
BEGIN { exit(0); }
