/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/netloop refused" */
/* netloop's own network namespace, once it has made it */
syscall::socket:entry
/pid == $target && netns == 0/
{
	netns = curthread->nsproxy->net_ns->ns.inum;
}

/*
 * A connection to a port nobody listens on: the client's socket leaves
 * SYN-SENT refused (connect-refused), local and remote 127.0.0.1.
 */
tcp:::connect-refused
/netns != 0 && args[1]->cs_addr != 0 &&
    ((struct sock *)args[1]->cs_addr)->__sk_common.skc_net.net->ns.inum == netns/
{
	printf("connect-refused: local %s remote %s, now %d, port %s\n", args[3]->tcps_laddr,
	    args[3]->tcps_raddr, args[3]->tcps_state,
	    args[3]->tcps_rport == args[4]->tcp_sport && args[3]->tcps_rport != 0 ? "ok" : "wrong");
}
