/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	trace(stringof(*curthread));
}
