/* REQUIRES: !fbt */
/*
 * On a kernel where fentry programs are refused and kprobes are not built
 * in (the 6.18 machines this is developed on), fbt probes still list and
 * compile, and a run says which facilities are missing before BEGIN, with
 * nothing attached.
 */
BEGIN
{
	printf("BEGIN must not run\n");
}

fbt::vfs_read:entry
{
	@ = count();
}
