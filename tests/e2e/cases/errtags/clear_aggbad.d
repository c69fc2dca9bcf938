/* ARGS: -xerrtags -s @SCRIPT@ */
END
{
	clear(@nosuch);
}
