/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/netloop refused" */
/*
 * A connection to a port nobody listens on: the SYN no socket takes
 * (accept-refused, from tcp_send_reset without a socket) and the client's
 * refusal (connect-refused) name the same port.
 */
tcp:::accept-refused
/pid == $target/
{
	printf("accept-refused: SYN %s -> %s, flags %x\n", args[2]->ip_saddr,
	    args[2]->ip_daddr, args[4]->tcp_flags);
	syn_dport = args[4]->tcp_dport;
}

tcp:::connect-refused
/pid == $target/
{
	refused_rport = args[3]->tcps_rport;
}

END
{
	printf("same port: %s\n", syn_dport == refused_rport && syn_dport != 0 ? "yes" : "no");
}
