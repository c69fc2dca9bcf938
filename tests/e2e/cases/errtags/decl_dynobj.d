/* ARGS: -xerrtags -s @SCRIPT@ */
struct s {
	int a[int];
};
BEGIN { exit(0); }
