/* ARGS: -xerrtags -s @SCRIPT@ */
syscall::nosuchsyscall:entry
{
}
