/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/netloop tcp" */
/* netloop's own network namespace, once it has made it */
syscall::socket:entry
/pid == $target && netns == 0/
{
	netns = curthread->nsproxy->net_ns->ns.inum;
}

/*
 * The data segments of a loopback connection (both ends in netloop), by
 * payload: the bytes after the IP and TCP headers. tcp:::send fires on
 * net_dev_queue, tcp:::receive on tcp_probe.
 */
tcp:::send
/netns != 0 && args[1]->cs_addr != 0 &&
    ((struct sock *)args[1]->cs_addr)->__sk_common.skc_net.net->ns.inum == netns && args[2]->ip_plength > args[4]->tcp_offset/
{
	@sent[args[2]->ip_plength - args[4]->tcp_offset] = count();
	@sent_bytes = sum(args[2]->ip_plength - args[4]->tcp_offset);
}

tcp:::receive
/netns != 0 && args[1]->cs_addr != 0 &&
    ((struct sock *)args[1]->cs_addr)->__sk_common.skc_net.net->ns.inum == netns && args[2]->ip_plength > args[4]->tcp_offset/
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
