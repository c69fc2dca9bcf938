/* ARGS: -xerrtags -s @SCRIPT@ */
enum e {
	A
};
enum f {
	A
};
