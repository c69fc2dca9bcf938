/* ARGS: -xerrtags -s @SCRIPT@ */
END
{
	@a = count();
	trunc(@a, 1, 2);
}
