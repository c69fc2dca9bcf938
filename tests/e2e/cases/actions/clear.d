/* ARGS: -q -s @SCRIPT@ */
/* clear() zeroes the values but keeps the keys. */
BEGIN
{
	@c["a"] = count();
	@c["b"] = count();
	@c["b"] = count();
	clear(@c);
	printa(@c);
	exit(0);
}
