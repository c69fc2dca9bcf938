/* ARGS: -xerrtags -s @SCRIPT@ -c @PROGS@/pid_target */
pid$target::offset_target:ff
{
}
