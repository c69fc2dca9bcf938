/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/pid_target" */
/* An offset that is not an instruction boundary is refused, with DTrace's
   message: offset_target's second instruction starts at 4, its first is
   lea (%rdi,%rsi),%rax in four bytes. */
pid$target:a.out:offset_target:2
{
}
