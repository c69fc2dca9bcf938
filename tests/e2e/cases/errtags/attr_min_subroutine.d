/* ARGS: -xerrtags -x amin=Stable/Stable/Common -s @SCRIPT@ */
/* The lock subroutines are Evolving; what they expand to is not looked into. */
dtrace:::BEGIN
{
	trace(mutex_owned(0));
}
