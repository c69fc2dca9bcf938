/* REQUIRES: fbt */
/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/netloop tcp" */
/* netloop's own network namespace, once it has made it */
syscall::socket:entry
/pid == $target && netns == 0/
{
	netns = curthread->nsproxy->net_ns->ns.inum;
}

/*
 * tcp:::receive fires for every segment a socket receives, in whatever
 * state it is: in ESTABLISHED on the tcp_probe tracepoint, in the others
 * at tcp_rcv_state_process's entry (a kernel function, so only where
 * fentry works). The handshake: the listener's SYN, the client's SYN-ACK,
 * the new socket's ACK; the established connection's data; and some
 * segment of the close (which ones depends on how the two ends' FINs and
 * ACKs cross, so only that one arrived).
 */
BEGIN
{
	name[-3] = "listen";
	name[-2] = "syn-sent";
	name[-1] = "syn-received";
}

tcp:::receive
{
	this->mine = netns != 0 && args[1]->cs_addr != 0 &&
	    ((struct sock *)args[1]->cs_addr)->__sk_common.skc_net.net->ns.inum == netns;
}

tcp:::receive
/this->mine/
{
	this->state = args[3]->tcps_state;
	this->function = probefunc == "" ? "tcp_probe" : probefunc;
	this->kind = (args[4]->tcp_flags & TH_SYN) ? "SYN" :
	    args[2]->ip_plength > args[4]->tcp_offset ? "data" : "no data";
}

tcp:::receive
/this->mine && this->state < TCPS_ESTABLISHED/
{
	@handshake[name[this->state], this->function, this->kind] = count();
}

tcp:::receive
/this->mine && this->state == TCPS_ESTABLISHED && this->kind == "data"/
{
	@data[this->function] = count();
}

tcp:::receive
/this->mine && this->state > TCPS_ESTABLISHED/
{
	closing = this->function;
}

END
{
	printa("%-12s %-22s %-7s %@d\n", @handshake);
	printa("established  %-22s data    %@d\n", @data);
	printf("in a closing state at %s\n", closing);
}
