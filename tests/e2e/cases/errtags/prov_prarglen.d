/* ARGS: -xerrtags -h -s @SCRIPT@ */
provider shop {
	probe sale(int, int, int, int, int, int, int, int, int, int, int, int, int);
};
