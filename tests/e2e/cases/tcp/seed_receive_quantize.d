/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/netloop tcp" */
/*
 * The seed's tcp:::receive example on netloop's loopback connection
 * (its predicate keeps other traffic on this machine out).
 */
tcp:::receive
/pid == $target/
{
	@[args[2]->ip_saddr] = quantize(args[2]->ip_plength);
}
