/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/lockhold file" */
/*
 * rw_read_held(), rw_write_held() and rw_iswriter() on a file's i_rwsem
 * (a struct rw_semaphore). lockhold file has thread A hold it as a writer
 * while thread B's one-byte write waits for it: at B's write entry a writer
 * (A) holds it, and when rw-block fires B holds it as the writer. Before
 * any of that, at lockhold's openat of the file, the semaphore of its
 * directory is free.
 */
syscall::write:entry
/pid == $target && arg2 == 1/
{
	self->sem = &curthread->files->fdt->fd[arg0]->f_inode->i_rwsem;
	printf("write entry: read_held %d, write_held %d, iswriter %d\n",
	    rw_read_held(self->sem), rw_write_held(self->sem), rw_iswriter(self->sem));
}

lockstat:::rw-block
/pid == $target && args[1] >= 200000000/
{
	this->sem = (struct rw_semaphore *)args[0];
	printf("acquired as %s: the file's i_rwsem %s, read_held %d, write_held %d, iswriter %d\n",
	    args[2] == RW_WRITER ? "writer" : "reader",
	    this->sem == self->sem ? "yes" : "no", rw_read_held(this->sem),
	    rw_write_held(this->sem), rw_iswriter(this->sem));
}

syscall::openat:entry
/pid == $target && basename(copyinstr(arg1)) == "lockhold.tmp" && !self->seen/
{
	self->seen = 1;
	this->cwd = &curthread->fs->pwd.dentry->d_inode->i_rwsem;
	printf("openat entry, the working directory: read_held %d, write_held %d, iswriter %d\n",
	    rw_read_held(this->cwd), rw_write_held(this->cwd), rw_iswriter(this->cwd));
}
