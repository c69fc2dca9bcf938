/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	commit(1);
	speculate(2);
}
