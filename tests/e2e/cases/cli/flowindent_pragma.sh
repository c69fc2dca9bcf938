# NORMALIZE: pids
# #pragma D option flowindent: the syscalls made inside main (malloc's mmap,
# free's munmap) are nested under it with "=>"/"<=", and traced data follows
# the 41-column function field, as in the Guide's xioctl.d output
# ("  0  => ioctl    ...    fd: 3"). Pinned to CPU 0: depth is per CPU.
cat > flow.d <<'D'
#pragma D option flowindent

pid$target:a.out:main:entry
{
	self->in_main = 1;
	printf("argc=%d", arg0);
}

pid$target:a.out:add:entry
{
}

pid$target:a.out:add:return
{
	printf("%d", arg1);
}

syscall::mmap:entry, syscall::mmap:return,
syscall::munmap:entry, syscall::munmap:return
/self->in_main/
{
}

pid$target:a.out:main:return
{
	self->in_main = 0;
	printf("%d", arg1);
}
D
taskset -c 0 "$DTRACE" -s flow.d -c "$PROGS/pid_target"
