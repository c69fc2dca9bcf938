/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	@a = sum("ten");
}
