/* ARGS: -xerrtags -s @SCRIPT@ */
struct flags {
	int *p : 3;
};
BEGIN { exit(0); }
