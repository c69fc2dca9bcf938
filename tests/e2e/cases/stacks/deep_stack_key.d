/* ARGS: -q -s @SCRIPT@ */
/* Keys of 100-frame stacks (832 bytes) do not fit the 512-byte BPF stack. */
BEGIN
{
	@[stack(100)] = count();
	@[stack(100)] = count();
	printa("%@d\n", @);
	exit(0);
}
