/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	trace(nosuchvariable);
}
