/* NORMALIZE: cpu-id */
/* setopt() in an untaken branch changes nothing; in a taken one it does:
   the record that sets it still has its CPU and probe columns, but no
   blank line ends it, and later records print without them. */
BEGIN
{
	if (0) {
		setopt("quiet");
	}
	printf("loud\n");
}

BEGIN
{
	if (1) {
		setopt("quiet");
	}
	printf("set\n");
}

BEGIN
{
	printf("quiet\n");
	exit(0);
}
