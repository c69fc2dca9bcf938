/* ARGS: -xerrtags -s @SCRIPT@ -c @PROGS@/pid_target */
pid$target:libc.so.6:-:1000
{
}
