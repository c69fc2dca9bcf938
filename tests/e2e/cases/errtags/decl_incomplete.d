/* ARGS: -xerrtags -s @SCRIPT@ */
struct no_such_struct_anywhere x;
BEGIN { exit(0); }
