/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/netloop tcp" */
/* netloop's own network namespace, once it has made it */
syscall::socket:entry
/pid == $target && netns == 0/
{
	netns = curthread->nsproxy->net_ns->ns.inum;
}

/*
 * The seed's tcp:::receive example on netloop's loopback connection
 * (its predicate keeps other traffic on this machine out: only the
 * sockets of netloop's own network namespace, while established: where
 * fentry works, tcp:::receive sees the handshake and the close too, and
 * the close's segments vary with how the two ends' FINs cross).
 */
tcp:::receive
/netns != 0 && args[1]->cs_addr != 0 &&
    ((struct sock *)args[1]->cs_addr)->__sk_common.skc_net.net->ns.inum == netns &&
    args[3]->tcps_state == TCPS_ESTABLISHED/
{
	@[args[2]->ip_saddr] = quantize(args[2]->ip_plength);
}
