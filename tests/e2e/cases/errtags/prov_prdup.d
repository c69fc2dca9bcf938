/* ARGS: -xerrtags -h -s @SCRIPT@ */
provider shop {
	probe sale__start(int);
	probe sale__start(long);
};
