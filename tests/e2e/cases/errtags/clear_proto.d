/* ARGS: -xerrtags -s @SCRIPT@ */
END
{
	@a = count();
	clear(@a, 1);
}
