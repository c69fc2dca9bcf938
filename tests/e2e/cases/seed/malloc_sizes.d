/* ARGS: -s @SCRIPT@ -c "@PROGS@/pid_target" */
/* NORMALIZE: pids */
/* The seed's malloc2.d: the sizes of the malloc() calls that end in an mmap.
   pid_target's one is 300000 bytes: the 262144 bucket. */
pid$target::malloc:entry
{
        self->size = arg0;
}
syscall::mmap:entry
/self->size/
{
        @["mapped"] = quantize(self->size);
        self->size = 0;
}
pid$target::malloc:return
/self->size/
{
        @["no map"] = quantize(self->size);
        self->size = 0;
}
