/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/netloop tcp" */
/* netloop's own network namespace, once it has made it */
syscall::socket:entry
/pid == $target && netns == 0/
{
	netns = curthread->nsproxy->net_ns->ns.inum;
}

/*
 * The connection probes of one loopback connection: the client's SYN
 * (connect-request), the client and the accepted socket reaching
 * ESTABLISHED. The client's ports are the accepted socket's, swapped.
 */
tcp:::connect-request
/netns != 0 && args[1]->cs_addr != 0 &&
    ((struct sock *)args[1]->cs_addr)->__sk_common.skc_net.net->ns.inum == netns/
{
	printf("connect-request flags %x %s -> %s\n", args[4]->tcp_flags,
	    args[2]->ip_saddr, args[2]->ip_daddr);
	request_sport = args[4]->tcp_sport;
	request_dport = args[4]->tcp_dport;
}

tcp:::connect-established
/netns != 0 && args[1]->cs_addr != 0 &&
    ((struct sock *)args[1]->cs_addr)->__sk_common.skc_net.net->ns.inum == netns/
{
	printf("connect-established state %d local %s remote %s\n",
	    args[3]->tcps_state, args[3]->tcps_laddr, args[3]->tcps_raddr);
	client_lport = args[3]->tcps_lport;
	client_rport = args[3]->tcps_rport;
	client_seg_dport = args[4]->tcp_dport;
}

tcp:::accept-established
/netns != 0 && args[1]->cs_addr != 0 &&
    ((struct sock *)args[1]->cs_addr)->__sk_common.skc_net.net->ns.inum == netns/
{
	printf("accept-established state %d local %s remote %s\n",
	    args[3]->tcps_state, args[3]->tcps_laddr, args[3]->tcps_raddr);
	server_lport = args[3]->tcps_lport;
	server_rport = args[3]->tcps_rport;
}

END
{
	printf("SYN from the client's port: %s\n",
	    request_sport == client_lport && request_sport != 0 ? "yes" : "no");
	printf("SYN to the server's port: %s\n",
	    request_dport == server_lport && request_dport != 0 ? "yes" : "no");
	printf("ports swapped: %s\n",
	    client_lport == server_rport && client_rport == server_lport ? "yes" : "no");
	printf("segment to the client's port: %s\n",
	    client_seg_dport == client_lport ? "yes" : "no");
}
