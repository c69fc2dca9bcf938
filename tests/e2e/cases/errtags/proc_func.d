/* ARGS: -xerrtags -s @SCRIPT@ -c @PROGS@/pid_target */
pid$target:a.out:no_such_function:entry
{
}
