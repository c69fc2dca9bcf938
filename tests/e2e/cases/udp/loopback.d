/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/netloop udp" */
/*
 * netloop's two datagrams (100 bytes one way, 10 back), sent and
 * received: payload bytes, addresses and ports. The sender's udpsinfo_t
 * is its socket; the receiver's is told from the datagram. The sockets
 * are told by netloop's own network namespace; a received datagram, which
 * has none yet, by the ports of those sent.
 */
/* netloop's own network namespace, once it has made it */
syscall::socket:entry
/pid == $target && netns == 0/
{
	netns = curthread->nsproxy->net_ns->ns.inum;
}

udp:::send
/netns != 0 && args[1]->cs_addr != 0 &&
    ((struct sock *)args[1]->cs_addr)->__sk_common.skc_net.net->ns.inum == netns/
{
	port[args[4]->udp_sport] = 1;
	port[args[4]->udp_dport] = 1;
	@[probename, args[4]->udp_length - 8, args[2]->ip_saddr, args[2]->ip_daddr,
	    args[3]->udps_laddr] = count();
	sent_sport[args[4]->udp_length - 8] = args[4]->udp_sport;
	sent_lport[args[4]->udp_length - 8] = args[3]->udps_lport;
	sent_dport[args[4]->udp_length - 8] = args[4]->udp_dport;
}

udp:::receive
/port[args[4]->udp_sport] && port[args[4]->udp_dport]/
{
	@[probename, args[4]->udp_length - 8, args[2]->ip_saddr, args[2]->ip_daddr,
	    args[3]->udps_laddr] = count();
	received_lport[args[4]->udp_length - 8] = args[3]->udps_lport;
	received_rport[args[4]->udp_length - 8] = args[3]->udps_rport;
}

END
{
	printa("%-8s %4d bytes %s -> %s, local %s: %@d\n", @);
	printf("sender's port is its socket's: %s\n",
	    sent_sport[100] == sent_lport[100] && sent_sport[10] == sent_lport[10] ? "yes" : "no");
	printf("the 100 bytes reach their port: %s\n",
	    received_lport[100] == sent_dport[100] && received_rport[100] == sent_sport[100] ?
	    "yes" : "no");
	printf("the answer goes back: %s\n",
	    sent_dport[10] == sent_sport[100] ? "yes" : "no");
}
