/* ARGS: -xerrtags -x amin=Stable/Stable/Common -s @SCRIPT@ */
dtrace:::BEGIN
{
	trace(pid);
	trace(curthread);
}
