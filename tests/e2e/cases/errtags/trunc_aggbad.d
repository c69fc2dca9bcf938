/* ARGS: -xerrtags -s @SCRIPT@ */
END
{
	trunc(@nosuch);
}
