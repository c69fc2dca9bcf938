/* ARGS: -q -s @SCRIPT@ */
BEGIN
{
	@c["alpha"] = count(); @c["beta"] = count(); @c["beta"] = count();
	@s["alpha"] = sum(100); @s["beta"] = sum(5); @s["gamma"] = sum(1);
	printa("%s=%@d\n", @c);
	printa("%-8s|%@5d|%@-5d|\n", @c, @s);
	printa(@c, @s);
	exit(0);
}
