/* ARGS: -q -s @SCRIPT@ */
/* trunc(@, n) keeps the n largest values; trunc(@) removes every entry. */
BEGIN
{
	@t["x"] = sum(1);
	@t["y"] = sum(2);
	@t["z"] = sum(3);
	trunc(@t, 2);
	printa(@t);
	@gone["q"] = sum(5);
	trunc(@gone);
	exit(0);
}
