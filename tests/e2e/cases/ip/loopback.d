/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/netloop udp" */
/*
 * The IP packets of netloop's two datagrams, sent (net_dev_queue) and
 * received (netif_receive_skb) on lo: the IP payload is the 8-byte UDP
 * header and 100 or 10 bytes. Told by the device's network namespace
 * (if_ipstack), netloop's own.
 */
/* netloop's own network namespace, once it has made it */
syscall::socket:entry
/pid == $target && netns == 0/
{
	netns = curthread->nsproxy->net_ns->ns.inum;
}

ip:::send,
ip:::receive
/netns != 0 && args[3]->if_ipstack == netns && args[4]->ipv4_protocol == IPPROTO_UDP/
{
	@[probename, args[2]->ip_ver, args[2]->ip_plength, args[3]->if_name,
	    args[3]->if_local, args[4]->ipv4_protostr, args[4]->ipv4_ihl,
	    args[4]->ipv4_length, args[4]->ipv4_saddr, args[5]->ipv6_ver] = count();
}

END
{
	printa("%-8s v%d %3d bytes on %s (local %d) %s ihl %d length %d from %s, v6 %d: %@d\n", @);
}
