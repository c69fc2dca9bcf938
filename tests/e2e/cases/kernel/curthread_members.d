/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls getppid" */
/* curthread is the kernel's struct task_struct: its comm, pid and parent
   read through BTF offsets agree with the builtins. */
syscall::getppid:entry
/pid == $target/
{
	printf("%s %s %d %d %d\n", stringof(curthread->comm), curthread->comm,
	    curthread->tgid == pid, curthread->real_parent->tgid == ppid,
	    curthread->comm[0] == 's');
	printf("%d %d %d\n", sizeof (struct task_struct) > 1024,
	    offsetof(struct task_struct, comm) > 0, *curthread->comm == 's');
	printf("%d\n", (&curthread->comm[1])[0] == 'y');
	exit(0);
}
