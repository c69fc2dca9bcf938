/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/pid_target" */
/* A function named exactly in a module named exactly must exist. */
pid$target:a.out:no_such_function:entry
{
}
