/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	commit(1);
	commit(2);
}
