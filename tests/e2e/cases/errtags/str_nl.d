/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	x = "one
two";
}
