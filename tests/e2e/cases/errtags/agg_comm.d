/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	commit(1);
	@a = count();
}
