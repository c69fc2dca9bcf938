/* ARGS: -xerrtags -s @SCRIPT@ */
END
{
	printa("%@d\n");
}
