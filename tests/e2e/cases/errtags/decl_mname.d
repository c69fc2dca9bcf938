/* ARGS: -xerrtags -s @SCRIPT@ */
struct s {
	int;
};
BEGIN { exit(0); }
