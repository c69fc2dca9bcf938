/* ARGS: -xerrtags -s @SCRIPT@ */
/* The first assignment in the text gives x its type, wherever x is read. */
BEGIN
{
	trace(x);
}

BEGIN
{
	x = 1;
}

BEGIN
{
	x = execname;
}
