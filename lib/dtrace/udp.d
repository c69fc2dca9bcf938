/*
 * The udp provider's arguments (udpsinfo_t, udpinfo_t) in the shapes of
 * the Dynamic Tracing Guide, translated from Linux's struct sock and the
 * UDP header of a struct sk_buff.
 */

struct udpsinfo {
	uintptr_t udps_addr;		/* the struct sock (NULL: not known) */
	uint16_t udps_lport;		/* local port */
	uint16_t udps_rport;		/* remote port (0: not connected) */
	string udps_laddr;		/* local address */
	string udps_raddr;		/* remote address */
};
typedef struct udpsinfo udpsinfo_t;

struct udpinfo {
	uint16_t udp_sport;		/* source port */
	uint16_t udp_dport;		/* destination port */
	uint16_t udp_length;		/* length of header and payload, bytes */
	uint16_t udp_checksum;		/* checksum */
	struct udphdr *udp_hdr;		/* the header */
};
typedef struct udpinfo udpinfo_t;

/* The sending socket. */
translator udpsinfo_t < struct sock *S > {
	udps_addr = (uintptr_t)S;
	udps_lport = S == NULL ? 0 : S->__sk_common.skc_num;
	udps_rport = S == NULL ? 0 : ntohs(S->__sk_common.skc_dport);
	udps_laddr = S == NULL ? "<unknown>" : S->__sk_common.skc_family == AF_INET6 ?
	    xlate <struct __dtrace_ipaddr *> (&S->__sk_common.skc_v6_rcv_saddr)->text :
	    xlate <struct __dtrace_ipaddr *> ((uint32_t)S->__sk_common.skc_rcv_saddr)->text;
	udps_raddr = S == NULL ? "<unknown>" : S->__sk_common.skc_family == AF_INET6 ?
	    xlate <struct __dtrace_ipaddr *> (&S->__sk_common.skc_v6_daddr)->text :
	    xlate <struct __dtrace_ipaddr *> ((uint32_t)S->__sk_common.skc_daddr)->text;
};

/*
 * A datagram received, before a socket is found for it (udp:::receive
 * fires as the device hands the packet up): the local end is its
 * destination, the remote end its source; udps_addr is NULL.
 */
translator udpsinfo_t < struct iphdr *I > {
	udps_addr = 0;
	udps_lport = ntohs(((struct udphdr *)((char *)I +
	    (I->version == 4 ? I->ihl * 4 : 40)))->dest);
	udps_rport = ntohs(((struct udphdr *)((char *)I +
	    (I->version == 4 ? I->ihl * 4 : 40)))->source);
	udps_laddr = xlate <struct ipinfo *> (I)->ip_daddr;
	udps_raddr = xlate <struct ipinfo *> (I)->ip_saddr;
};

translator udpinfo_t < struct udphdr *U > {
	udp_sport = U == NULL ? 0 : ntohs(U->source);
	udp_dport = U == NULL ? 0 : ntohs(U->dest);
	udp_length = U == NULL ? 0 : ntohs(U->len);
	udp_checksum = U == NULL ? 0 : ntohs(U->check);
	udp_hdr = U;
};
