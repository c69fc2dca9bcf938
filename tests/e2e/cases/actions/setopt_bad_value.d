/* ARGS: -q -s @SCRIPT@ */
/*
 * setopt() of a bad value, of an option fixed once tracing runs, or of an
 * unknown option is reported as DTrace does (an error on the enabled probe)
 * and changes nothing; a good value takes effect: aggsortrev=yes reverses
 * the order of the aggregation printed at exit, aggsortrev=maybe does not
 * undo it.
 */
BEGIN
{
	@["a"] = sum(1);
	@["b"] = sum(2);
	setopt("quiet", "maybe");
	setopt("bufsize", "1m");
	setopt("wombats");
	setopt("aggsortrev", "yes");
	setopt("aggsortrev", "maybe");
	exit(0);
}
