/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/lockhold pipe" */
/*
 * mutex_owned(), mutex_owner(), mutex_type_adaptive() and mutex_type_spin()
 * on a pipe's struct mutex. lockhold pipe writes one byte to its pipe before
 * any thread runs (the mutex is free), then thread A sleeps holding the
 * pipe's mutex and thread B writes one byte, waits for the mutex
 * (adaptive-block fires in B once it has it).
 */
syscall::write:entry
/pid == $target && arg2 == 1/
{
	self->m = &((struct pipe_inode_info *)
	    curthread->files->fdt->fd[arg0]->private_data)->mutex;
	printf("write: owned %d, owner %s, adaptive %d, spin %d\n",
	    mutex_owned(self->m),
	    mutex_owner(self->m) == NULL ? "none" :
	    mutex_owner(self->m) == curthread ? "this thread" : "another thread",
	    mutex_type_adaptive(self->m), mutex_type_spin(self->m));
}

lockstat:::adaptive-block
/pid == $target && args[1] >= 200000000/
{
	printf("acquired after blocking: the pipe's mutex %s, owned %d, owner %s\n",
	    (uintptr_t)args[0] == (uintptr_t)self->m ? "yes" : "no",
	    mutex_owned((struct mutex *)args[0]),
	    mutex_owner((struct mutex *)args[0]) == curthread ? "this thread" : "other");
}
