/* ARGS: -xerrtags -s @SCRIPT@ */
END
{
	printa(@nosuch);
}
