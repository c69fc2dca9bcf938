/* NORMALIZE: cpu-id */
/* The default action on a tick probe: one line naming the probe. */
tick-10ms
{
	exit(0);
}
