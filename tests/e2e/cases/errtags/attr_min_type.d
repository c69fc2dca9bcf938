/* ARGS: -xerrtags -x amin=Stable/Stable/Common -s @SCRIPT@ */
dtrace:::BEGIN
{
	trace(curthread);
	trace(sizeof (struct task_struct *));
}
