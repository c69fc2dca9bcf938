/* ARGS: -q -s @SCRIPT@ */
/* The errno names of DTrace's errno.d library. */
BEGIN
{
	printf("%d %d %d %d\n", EPERM, ENOENT, EINTR, EAGAIN);
	exit(0);
}
