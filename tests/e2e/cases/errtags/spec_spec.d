/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	speculate(1);
	speculate(2);
}
