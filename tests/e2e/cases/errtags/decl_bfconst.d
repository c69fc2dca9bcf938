/* ARGS: -xerrtags -s @SCRIPT@ */
struct s {
	int a : -1;
};
