/* ARGS: -xerrtags -s @SCRIPT@ */
struct s {
	int a;
};
struct s {
	int b;
};
