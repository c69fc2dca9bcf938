/* ARGS: -xerrtags -s @SCRIPT@ */
struct flags {
	char c : 9;
};
BEGIN { exit(0); }
