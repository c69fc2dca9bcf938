/* ARGS: -xerrtags -s @SCRIPT@ */
enum colour { RED = "red" };
BEGIN { exit(0); }
