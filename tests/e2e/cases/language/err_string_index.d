/* ARGS: -xerrtags -s @SCRIPT@ */
/* A string is indexed by an integer. */
BEGIN
{
	s = "abc";
	trace(s["x"]);
}
