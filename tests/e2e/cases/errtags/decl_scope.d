/* ARGS: -xerrtags -s @SCRIPT@ */
int vmlinux`total;
BEGIN { exit(0); }
