/* ARGS: -xerrtags -s @SCRIPT@ */
syscall::read:entry
{
	trace(args[10]);
}
