/* ARGS: -xerrtags -s @SCRIPT@ */
unsigned struct pair { int a; int b; } p;
BEGIN { exit(0); }
