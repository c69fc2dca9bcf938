/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/lockhold file" */
/*
 * lockhold file makes one thread wait about 300 ms to write a file whose
 * i_rwsem another writer holds: rw-block fires once in the waiter, as a
 * writer, and args[0] is that inode's i_rwsem (the file lockhold.tmp is
 * the fd it writes 1 byte to).
 */
syscall::write:entry
/pid == $target && arg2 == 1/
{
	self->sem = (uintptr_t)&curthread->files->fdt->fd[arg0]->f_inode->i_rwsem;
}

lockstat:::rw-block
/pid == $target && args[1] >= 200000000/
{
	@[probename, args[2] == RW_WRITER ? "writer" : "reader",
	    (uintptr_t)args[0] == self->sem ? "the file's i_rwsem" : "another lock"] = count();
}

END
{
	printa("%s as %s on %s: %@d\n", @);
}
