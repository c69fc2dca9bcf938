/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls read" */
/* REQUIRES: fbt */
/*
 * fbt entry and return with args[] typed from the kernel's BTF: args[0] of
 * vfs_read is a struct file *, followed to the name of the file's dentry;
 * arg2 the count as an integer; at return arg0 is 0 (fexit and kretprobes
 * run after the return, so there is no return offset) and args[1] is the
 * ssize_t the function returned. The test program reads /dev/zero in sizes
 * 1, 2, 4, ... 1024.
 */
fbt::vfs_read:entry
/pid == $target && stringof(args[0]->f_path.dentry->d_name.name) == "zero"/
{
	self->count = args[2];
	printf("entry %s count %d\n", stringof(args[0]->f_path.dentry->d_name.name), arg2);
}

fbt::vfs_read:return
/self->count/
{
	printf("return arg0 %d args[1] %d\n", arg0, args[1]);
	self->count = 0;
}
