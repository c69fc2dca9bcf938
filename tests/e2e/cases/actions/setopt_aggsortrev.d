/* ARGS: -q -s @SCRIPT@ */
/* setopt() at run time changes how the consumer sorts the exit-time output. */
BEGIN
{
	@["a"] = sum(1);
	@["b"] = sum(2);
	@["c"] = sum(3);
	setopt("aggsortrev");
	exit(0);
}
