/* ARGS: -xerrtags -s @SCRIPT@ */
short char c;
BEGIN { exit(0); }
