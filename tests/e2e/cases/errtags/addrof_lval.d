/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	trace(&(curthread->pid + 1));
	exit(0);
}
