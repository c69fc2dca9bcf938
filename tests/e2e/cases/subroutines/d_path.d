/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls all" */
/*
 * d_path() of a struct path: the files "syscalls all" opens in /dev (its
 * /dev/null and /dev/zero, once each), through the descriptor openat()
 * returned; the process's root; and its working directory, the same as
 * cwd. A NULL path is the empty walk: "/".
 */
syscall::openat:return
/pid == $target && (int)arg1 >= 0/
{
	this->path = d_path(&curthread->files->fdt->fd[arg1]->f_path);
}

syscall::openat:return
/pid == $target && (int)arg1 >= 0 && dirname(this->path) == "/dev"/
{
	@[this->path] = count();
}

syscall::exit_group:entry
/pid == $target/
{
	printf("root %s\n", d_path(&curthread->fs->root));
	printf("pwd is cwd: %d\n", d_path(&curthread->fs->pwd) == cwd);
}

END
{
	printa("%s %@d\n", @);
}
