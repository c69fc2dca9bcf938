/* REQUIRES: !fbt */
/*
 * The hold probes fire on the kernel's locking functions through BPF
 * trampolines. On a kernel that refuses fentry programs (the 6.18 machines
 * this is developed on) they still list and compile, and a run says what
 * is missing before BEGIN, with nothing attached.
 */
BEGIN
{
	printf("BEGIN must not run\n");
}

lockstat:::adaptive-acquire
{
	@[stack()] = count();
}
