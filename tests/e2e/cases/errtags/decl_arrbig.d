/* ARGS: -xerrtags -s @SCRIPT@ */
int x[99999999999999];
