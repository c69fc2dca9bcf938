/* ARGS: -xerrtags -s @SCRIPT@ */
END
{
	@a = count();
	printa(@a, 1);
}
