/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/netloop tcp" */
/* netloop's own network namespace, once it has made it */
syscall::socket:entry
/pid == $target && netns == 0/
{
	netns = curthread->nsproxy->net_ns->ns.inum;
}

/*
 * Every state change of netloop's sockets (the listener, the client and
 * the accepted one), as DTrace's TCPS_* names: args[5] is the state
 * before, args[3] the socket in its new state.
 */
BEGIN
{
	name[-6] = "closed";
	name[-5] = "idle";
	name[-4] = "bound";
	name[-3] = "listen";
	name[-2] = "syn-sent";
	name[-1] = "syn-received";
	name[0] = "established";
	name[1] = "close-wait";
	name[2] = "fin-wait-1";
	name[3] = "closing";
	name[4] = "last-ack";
	name[5] = "fin-wait-2";
	name[6] = "time-wait";
}

tcp:::state-change
/netns != 0 && args[1]->cs_addr != 0 &&
    ((struct sock *)args[1]->cs_addr)->__sk_common.skc_net.net->ns.inum == netns/
{
	@[name[args[5]->tcps_state], name[args[3]->tcps_state],
	    args[3]->tcps_laddr, args[3]->tcps_raddr] = count();
}

END
{
	printa("%-14s -> %-14s %s %s %@d\n", @);
}
