/*
 * The arguments the ip, tcp and udp providers share, in the shapes of the
 * Dynamic Tracing Guide (pktinfo_t, csinfo_t, ipinfo_t, ifinfo_t,
 * ipv4info_t, ipv6info_t), translated from what Linux's tracepoints carry:
 * a struct sk_buff, the IP header it holds, its struct net_device and its
 * struct sock. The providers (src/providers/net_providers.cc) say where
 * the IP header is at each tracepoint and pass a pointer to it; a header
 * is IPv4 or IPv6 by its version nibble.
 *
 * Addresses are strings, written here without inet_ntop(): IPv4 as DTrace
 * writes it ("127.0.0.1"); IPv6 not yet (see below).
 *
 * This file is read before sys_types.d (the library is read in name
 * order), so it spells ipaddr_t and in6_addr_t out.
 */

typedef int32_t zoneid_t;		/* no zones on Linux: always 0 */
typedef int32_t netstackid_t;

/* IP protocol numbers (ipv4_protocol, ipv6_nexthdr) */
inline uint8_t IPPROTO_IP = 0;
inline uint8_t IPPROTO_ICMP = 1;
inline uint8_t IPPROTO_TCP = 6;
inline uint8_t IPPROTO_UDP = 17;
inline uint8_t IPPROTO_IPV6 = 41;
inline uint8_t IPPROTO_ICMPV6 = 58;

struct pktinfo {
	uintptr_t pkt_addr;		/* always NULL, as in DTrace */
};
typedef struct pktinfo pktinfo_t;

struct csinfo {
	uintptr_t cs_addr;		/* the struct sock, or NULL */
	uint64_t cs_cid;		/* the same address, as an id */
	pid_t cs_pid;			/* not kept by Linux sockets: 0 */
	zoneid_t cs_zoneid;		/* no zones on Linux: 0 */
};
typedef struct csinfo csinfo_t;

struct ipinfo {
	uint8_t ip_ver;			/* 4 or 6 */
	uint16_t ip_plength;		/* payload bytes after the IP header */
	string ip_saddr;		/* source address */
	string ip_daddr;		/* destination address */
};
typedef struct ipinfo ipinfo_t;

struct ifinfo {
	string if_name;			/* the device's name, e.g. "lo" */
	int8_t if_local;		/* 1 on a loopback device */
	netstackid_t if_ipstack;	/* the network namespace's inode number */
	uintptr_t if_addr;		/* the struct net_device */
};
typedef struct ifinfo ifinfo_t;

struct ipv4info {
	uint8_t ipv4_ver;		/* 4 (0: the packet is not IPv4) */
	uint8_t ipv4_ihl;		/* header length, bytes */
	uint8_t ipv4_tos;		/* type of service */
	uint16_t ipv4_length;		/* total length, bytes */
	uint16_t ipv4_ident;		/* identification */
	uint8_t ipv4_flags;		/* IPH_DF, IPH_MF */
	uint16_t ipv4_offset;		/* fragment offset, bytes */
	uint8_t ipv4_ttl;		/* time to live */
	uint8_t ipv4_protocol;		/* next protocol */
	string ipv4_protostr;		/* its name */
	uint16_t ipv4_checksum;		/* header checksum */
	uint32_t ipv4_src;		/* source address, network order (an ipaddr_t) */
	uint32_t ipv4_dst;		/* destination address, network order (an ipaddr_t) */
	string ipv4_saddr;		/* source address */
	string ipv4_daddr;		/* destination address */
	struct iphdr *ipv4_hdr;		/* the header (NULL: not IPv4) */
};
typedef struct ipv4info ipv4info_t;

struct ipv6info {
	uint8_t ipv6_ver;		/* 6 (0: the packet is not IPv6) */
	uint8_t ipv6_tclass;		/* traffic class */
	uint32_t ipv6_flow;		/* flow label */
	uint16_t ipv6_plen;		/* payload length, bytes */
	uint8_t ipv6_nexthdr;		/* next header */
	string ipv6_nextstr;		/* its name */
	uint8_t ipv6_hlim;		/* hop limit */
	struct in6_addr *ipv6_src;		/* source address */
	struct in6_addr *ipv6_dst;		/* destination address */
	string ipv6_saddr;		/* source address */
	string ipv6_daddr;		/* destination address */
	struct ipv6hdr *ipv6_hdr;	/* the header (NULL: not IPv6) */
};
typedef struct ipv6info ipv6info_t;

inline uint8_t IPH_DF = 2;
inline uint8_t IPH_MF = 1;

/*
 * The text of an address: D has no functions, so these translators serve
 * as two (xlate <__dtrace_ipaddr_t *> (a)->text).
 */
struct __dtrace_ipaddr {
	string text;
};
typedef struct __dtrace_ipaddr __dtrace_ipaddr_t;

translator __dtrace_ipaddr_t < uint32_t A > {
	text = strjoin(lltostr(A & 0xff), strjoin(".",
	    strjoin(lltostr((A >> 8) & 0xff), strjoin(".",
	    strjoin(lltostr((A >> 16) & 0xff), strjoin(".",
	    lltostr((A >> 24) & 0xff)))))));
};

/* IPv6: inet_ntoa6(), which writes IPv4-mapped addresses as illumos does. */
translator __dtrace_ipaddr_t < struct in6_addr *A > {
	text = A == NULL ? "<unknown>" : inet_ntoa6((in6_addr_t *)A);
};

/* The name of an IP protocol number (ipv4_protostr, ipv6_nextstr) */
struct __dtrace_ipproto {
	string name;
};
typedef struct __dtrace_ipproto __dtrace_ipproto_t;

translator __dtrace_ipproto_t < uint8_t P > {
	name = P == IPPROTO_TCP ? "TCP" : P == IPPROTO_UDP ? "UDP" :
	    P == IPPROTO_ICMP ? "ICMP" : P == IPPROTO_ICMPV6 ? "ICMPV6" :
	    P == IPPROTO_IPV6 ? "IPV6" : P == IPPROTO_IP ? "IP" : "<unknown>";
};

translator pktinfo_t < struct sk_buff *K > {
	pkt_addr = 0;
};

translator csinfo_t < struct sock *S > {
	cs_addr = (uintptr_t)S;
	cs_cid = (uint64_t)S;
	cs_pid = 0;
	cs_zoneid = 0;
};

/* The IP header; a NULL header (no packet at this probe) gives zeros. */
translator ipinfo_t < struct iphdr *I > {
	ip_ver = I == NULL ? 0 : I->version;
	ip_plength = I == NULL ? 0 : I->version == 4 ?
	    ntohs(I->tot_len) - I->ihl * 4 :
	    ntohs(((struct ipv6hdr *)I)->payload_len);
	ip_saddr = I == NULL ? "<unknown>" : I->version == 4 ?
	    xlate <__dtrace_ipaddr_t *> ((uint32_t)I->saddr)->text :
	    xlate <__dtrace_ipaddr_t *> (&((struct ipv6hdr *)I)->saddr)->text;
	ip_daddr = I == NULL ? "<unknown>" : I->version == 4 ?
	    xlate <__dtrace_ipaddr_t *> ((uint32_t)I->daddr)->text :
	    xlate <__dtrace_ipaddr_t *> (&((struct ipv6hdr *)I)->daddr)->text;
};

/*
 * A segment a socket received, told from the socket alone (the tcp
 * provider's connection probes, which fire on a state change, not on a
 * packet): the peer is the source. The payload length is not known: 0.
 */
translator ipinfo_t < struct sock *S > {
	ip_ver = S->__sk_common.skc_family == AF_INET6 ? 6 : 4;
	ip_plength = 0;
	ip_saddr = S->__sk_common.skc_family == AF_INET6 ?
	    xlate <__dtrace_ipaddr_t *> (&S->__sk_common.skc_v6_daddr)->text :
	    xlate <__dtrace_ipaddr_t *> ((uint32_t)S->__sk_common.skc_daddr)->text;
	ip_daddr = S->__sk_common.skc_family == AF_INET6 ?
	    xlate <__dtrace_ipaddr_t *> (&S->__sk_common.skc_v6_rcv_saddr)->text :
	    xlate <__dtrace_ipaddr_t *> ((uint32_t)S->__sk_common.skc_rcv_saddr)->text;
};

translator ifinfo_t < struct net_device *D > {
	if_name = D == NULL ? "<unknown>" : stringof(D->name);
	if_local = D == NULL ? 0 : (D->flags & 0x8) != 0;
	if_ipstack = D == NULL ? 0 : D->nd_net.net->ns.inum;
	if_addr = (uintptr_t)D;
};

translator ipv4info_t < struct iphdr *I > {
	ipv4_ver = I != NULL && I->version == 4 ? 4 : 0;
	ipv4_ihl = I != NULL && I->version == 4 ? I->ihl * 4 : 0;
	ipv4_tos = I != NULL && I->version == 4 ? I->tos : 0;
	ipv4_length = I != NULL && I->version == 4 ? ntohs(I->tot_len) : 0;
	ipv4_ident = I != NULL && I->version == 4 ? ntohs(I->id) : 0;
	ipv4_flags = I != NULL && I->version == 4 ? (ntohs(I->frag_off) >> 13) & 0x3 : 0;
	ipv4_offset = I != NULL && I->version == 4 ? (ntohs(I->frag_off) & 0x1fff) * 8 : 0;
	ipv4_ttl = I != NULL && I->version == 4 ? I->ttl : 0;
	ipv4_protocol = I != NULL && I->version == 4 ? I->protocol : 0;
	ipv4_protostr = I != NULL && I->version == 4 ?
	    xlate <__dtrace_ipproto_t *> ((uint8_t)I->protocol)->name : "<unknown>";
	ipv4_checksum = I != NULL && I->version == 4 ? ntohs(I->check) : 0;
	ipv4_src = I != NULL && I->version == 4 ? I->saddr : 0;
	ipv4_dst = I != NULL && I->version == 4 ? I->daddr : 0;
	ipv4_saddr = I != NULL && I->version == 4 ?
	    xlate <__dtrace_ipaddr_t *> ((uint32_t)I->saddr)->text : "<unknown>";
	ipv4_daddr = I != NULL && I->version == 4 ?
	    xlate <__dtrace_ipaddr_t *> ((uint32_t)I->daddr)->text : "<unknown>";
	ipv4_hdr = I != NULL && I->version == 4 ? I : NULL;
};

translator ipv6info_t < struct iphdr *I > {
	ipv6_ver = I != NULL && I->version == 6 ? 6 : 0;
	ipv6_tclass = I != NULL && I->version == 6 ?
	    (((struct ipv6hdr *)I)->priority << 4) |
	    (((struct ipv6hdr *)I)->flow_lbl[0] >> 4) : 0;
	ipv6_flow = I != NULL && I->version == 6 ?
	    ((((struct ipv6hdr *)I)->flow_lbl[0] & 0xf) << 16) |
	    (((struct ipv6hdr *)I)->flow_lbl[1] << 8) |
	    ((struct ipv6hdr *)I)->flow_lbl[2] : 0;
	ipv6_plen = I != NULL && I->version == 6 ?
	    ntohs(((struct ipv6hdr *)I)->payload_len) : 0;
	ipv6_nexthdr = I != NULL && I->version == 6 ? ((struct ipv6hdr *)I)->nexthdr : 0;
	ipv6_nextstr = I != NULL && I->version == 6 ?
	    xlate <__dtrace_ipproto_t *> ((uint8_t)((struct ipv6hdr *)I)->nexthdr)->name : "<unknown>";
	ipv6_hlim = I != NULL && I->version == 6 ? ((struct ipv6hdr *)I)->hop_limit : 0;
	ipv6_src = I != NULL && I->version == 6 ? &((struct ipv6hdr *)I)->saddr : NULL;
	ipv6_dst = I != NULL && I->version == 6 ? &((struct ipv6hdr *)I)->daddr : NULL;
	ipv6_saddr = I != NULL && I->version == 6 ?
	    xlate <__dtrace_ipaddr_t *> (&((struct ipv6hdr *)I)->saddr)->text : "<unknown>";
	ipv6_daddr = I != NULL && I->version == 6 ?
	    xlate <__dtrace_ipaddr_t *> (&((struct ipv6hdr *)I)->daddr)->text : "<unknown>";
	ipv6_hdr = I != NULL && I->version == 6 ? (struct ipv6hdr *)I : NULL;
};
