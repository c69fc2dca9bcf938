/* ARGS: -xerrtags -s @SCRIPT@ */
int x[-1];
