/* ARGS: -xerrtags -x amin=Stable/Stable/Common -s @SCRIPT@ */
syscall::read:entry
{
}
