/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/netloop tcp" */
/*
 * The data segments of a loopback connection (both ends in netloop), by
 * payload: the bytes after the IP and TCP headers. tcp:::send fires on
 * net_dev_queue, tcp:::receive on tcp_probe.
 */
tcp:::send
/pid == $target && args[2]->ip_plength > args[4]->tcp_offset/
{
	@sent[args[2]->ip_plength - args[4]->tcp_offset] = count();
	@sent_bytes = sum(args[2]->ip_plength - args[4]->tcp_offset);
}

tcp:::receive
/pid == $target && args[2]->ip_plength > args[4]->tcp_offset/
{
	@received[args[2]->ip_plength - args[4]->tcp_offset] = count();
	@received_bytes = sum(args[2]->ip_plength - args[4]->tcp_offset);
}

END
{
	printa("sent %d bytes: %@d\n", @sent);
	printa("sent in all: %@d\n", @sent_bytes);
	printa("received %d bytes: %@d\n", @received);
	printa("received in all: %@d\n", @received_bytes);
}
