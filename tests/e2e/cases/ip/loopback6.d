/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/netloop udp6" */
/*
 * netloop's datagram of 100 bytes over ::1 on lo, sent and received: the
 * addresses are written by the D library's translators as inet_ntoa6()
 * writes them, in ipinfo_t and ipv6info_t alike; the IP payload is the
 * 8-byte UDP header and the 100 bytes.
 */
syscall::socket:entry
/pid == $target && netns == 0/
{
	netns = curthread->nsproxy->net_ns->ns.inum;
}

ip:::send,
ip:::receive
/netns != 0 && args[3]->if_ipstack == netns/
{
	@[probename, args[2]->ip_ver, args[2]->ip_plength, args[2]->ip_saddr,
	    args[2]->ip_daddr, args[5]->ipv6_ver, args[5]->ipv6_saddr,
	    args[5]->ipv6_daddr, args[5]->ipv6_nextstr, args[4]->ipv4_ver] = count();
}

END
{
	printa("%-8s v%d %d bytes %s -> %s; ipv6info v%d %s -> %s next %s; ipv4info v%d: %@d\n", @);
}
