/* ARGS: -xerrtags -h -s @SCRIPT@ */
provider shop2 {
	probe open();
};
