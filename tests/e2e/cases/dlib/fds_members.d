/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls read" */
/* Every member of fileinfo_t for the program's descriptor on /dev/zero,
   then a descriptor out of range and one not open. */
syscall::read:entry
/pid == $target && arg2 == 1/
{
	printf("name %s\ndirname %s\npathname %s\n", fds[arg0].fi_name, fds[arg0].fi_dirname,
	    fds[arg0].fi_pathname);
	printf("fs %s\nmount %s\naccess mode %d\noffset %d\n", fds[arg0].fi_fs,
	    fds[arg0].fi_mount, fds[arg0].fi_oflags & 3, fds[arg0].fi_offset);
	printf("fd -1: %s %s %d\n", fds[-1].fi_name, fds[-1].fi_pathname, fds[-1].fi_offset);
	printf("fd 1000000: %s %s\n", fds[1000000].fi_name, fds[1000000].fi_fs);
	printf("fd 9: %s\n", fds[9].fi_pathname);
}
