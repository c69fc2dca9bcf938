/* ARGS: -xerrtags -s @SCRIPT@ -c @PROGS@/pid_target */
pid$target::-:0
{
}
