/* ARGS: -s @SCRIPT@ -c "@PROGS@/pid_target" */
/* NORMALIZE: pids */
/* The seed's malloc.d (Linux's syscall::mmap for BrandZ's lx-syscall::mmap2):
   which malloc() calls end in an mmap. pid_target makes one, of 300000
   bytes, which glibc serves with mmap. */
pid$target::malloc:entry
{
        self->follow = arg0;
}
syscall::mmap:entry
/self->follow/
{
        @["mapped"] = count();
        self->follow = 0;
}
pid$target::malloc:return
/self->follow/
{
        @["no map"] = count();
        self->follow = 0;
}
