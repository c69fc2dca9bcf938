/*
 * The tcp provider's arguments (tcpsinfo_t, tcplsinfo_t, tcpinfo_t) in the
 * shapes of the Dynamic Tracing Guide, translated from Linux's struct sock
 * and struct tcp_sock and from the TCP header of a struct sk_buff. The
 * states are DTrace's TCPS_* values, mapped from Linux's TCP_* states.
 * Linux keeps no initial sequence numbers past the handshake, no flag for
 * an active open and no owning process, so those members are 0 (tcps_iss,
 * tcps_irs) or -1 (tcps_active), as DTrace gives for what it cannot tell.
 */

inline int32_t TCPS_CLOSED = -6;
inline int32_t TCPS_IDLE = -5;
inline int32_t TCPS_BOUND = -4;
inline int32_t TCPS_LISTEN = -3;
inline int32_t TCPS_SYN_SENT = -2;
inline int32_t TCPS_SYN_RCVD = -1;
inline int32_t TCPS_ESTABLISHED = 0;
inline int32_t TCPS_CLOSE_WAIT = 1;
inline int32_t TCPS_FIN_WAIT_1 = 2;
inline int32_t TCPS_CLOSING = 3;
inline int32_t TCPS_LAST_ACK = 4;
inline int32_t TCPS_FIN_WAIT_2 = 5;
inline int32_t TCPS_TIME_WAIT = 6;

inline uint8_t TH_FIN = 0x01;
inline uint8_t TH_SYN = 0x02;
inline uint8_t TH_RST = 0x04;
inline uint8_t TH_PUSH = 0x08;
inline uint8_t TH_ACK = 0x10;
inline uint8_t TH_URG = 0x20;
inline uint8_t TH_ECE = 0x40;
inline uint8_t TH_CWR = 0x80;

struct tcpsinfo {
	uintptr_t tcps_addr;		/* the struct sock */
	int tcps_local;			/* the peer is this host (loopback), boolean */
	int tcps_active;		/* active open: not kept by Linux, -1 */
	uint16_t tcps_lport;		/* local port */
	uint16_t tcps_rport;		/* remote port */
	string tcps_laddr;		/* local address */
	string tcps_raddr;		/* remote address */
	int32_t tcps_state;		/* TCPS_* */
	uint32_t tcps_iss;		/* not kept by Linux: 0 */
	uint32_t tcps_irs;		/* not kept by Linux: 0 */
	uint32_t tcps_suna;		/* oldest unacknowledged sequence number */
	uint32_t tcps_smax;		/* highest sequence number sent */
	uint32_t tcps_snxt;		/* next sequence number to send */
	uint32_t tcps_rack;		/* last sequence number acknowledged */
	uint32_t tcps_rnxt;		/* next sequence number expected */
	uint32_t tcps_swnd;		/* send window */
	int32_t tcps_snd_ws;		/* send window scale */
	uint32_t tcps_swl1;		/* sequence number of the last window update */
	uint32_t tcps_swl2;		/* not kept by Linux: 0 */
	uint32_t tcps_rup;		/* urgent pointer received */
	uint32_t tcps_radv;		/* window advertised */
	uint32_t tcps_rwnd;		/* receive window */
	int32_t tcps_rcv_ws;		/* receive window scale */
	uint32_t tcps_cwnd;		/* congestion window, bytes */
	uint32_t tcps_cwnd_ssthresh;	/* slow start threshold, bytes */
	uint32_t tcps_sack_fack;	/* not kept by Linux: 0 */
	uint32_t tcps_sack_snxt;	/* not kept by Linux: 0 */
	uint32_t tcps_rto;		/* retransmission timeout, jiffies */
	uint32_t tcps_mss;		/* maximum segment size */
	int tcps_retransmit;		/* segments being retransmitted, boolean */
	uint32_t tcps_rtt;		/* smoothed round-trip time, microseconds */
	uint32_t tcps_rtt_sd;		/* its mean deviation, microseconds */
};
typedef struct tcpsinfo tcpsinfo_t;

struct tcplsinfo {
	int32_t tcps_state;		/* the state before the change: TCPS_* */
};
typedef struct tcplsinfo tcplsinfo_t;

struct tcpinfo {
	uint16_t tcp_sport;		/* source port */
	uint16_t tcp_dport;		/* destination port */
	uint32_t tcp_seq;		/* sequence number */
	uint32_t tcp_ack;		/* acknowledgment number */
	uint8_t tcp_offset;		/* header length, bytes */
	uint8_t tcp_flags;		/* TH_* */
	uint16_t tcp_window;		/* window */
	uint16_t tcp_checksum;		/* checksum */
	uint16_t tcp_urgent;		/* urgent pointer */
	struct tcphdr *tcp_hdr;		/* the header */
};
typedef struct tcpinfo tcpinfo_t;

/* A Linux TCP_* state (include/net/tcp_states.h) as DTrace's TCPS_*. */
translator tcplsinfo_t < int L > {
	tcps_state = L == 1 ? TCPS_ESTABLISHED : L == 2 ? TCPS_SYN_SENT :
	    L == 3 ? TCPS_SYN_RCVD : L == 4 ? TCPS_FIN_WAIT_1 :
	    L == 5 ? TCPS_FIN_WAIT_2 : L == 6 ? TCPS_TIME_WAIT :
	    L == 7 ? TCPS_CLOSED : L == 8 ? TCPS_CLOSE_WAIT :
	    L == 9 ? TCPS_LAST_ACK : L == 10 ? TCPS_LISTEN :
	    L == 11 ? TCPS_CLOSING : L == 12 ? TCPS_SYN_RCVD : TCPS_CLOSED;
};

/*
 * A socket's state. Only a full TCP socket (SOCK_STREAM, not a time-wait
 * or request socket, whose memory is smaller) is read as a struct
 * tcp_sock; the others give 0 for the sequence and window members.
 */
translator tcpsinfo_t < struct sock *S > {
	tcps_addr = (uintptr_t)S;
	tcps_local = S == NULL ? 0 : S->__sk_common.skc_family == AF_INET6 ?
	    ntohs(S->__sk_common.skc_v6_daddr.in6_u.u6_addr16[7]) == 1 &&
	    S->__sk_common.skc_v6_daddr.in6_u.u6_addr32[0] == 0 &&
	    S->__sk_common.skc_v6_daddr.in6_u.u6_addr32[1] == 0 &&
	    S->__sk_common.skc_v6_daddr.in6_u.u6_addr16[4] == 0 &&
	    S->__sk_common.skc_v6_daddr.in6_u.u6_addr16[5] == 0 &&
	    S->__sk_common.skc_v6_daddr.in6_u.u6_addr16[6] == 0 :
	    (S->__sk_common.skc_daddr & 0xff) == 127;
	tcps_active = -1;
	tcps_lport = S == NULL ? 0 : S->__sk_common.skc_num;
	tcps_rport = S == NULL ? 0 : ntohs(S->__sk_common.skc_dport);
	tcps_laddr = S == NULL ? "<unknown>" : S->__sk_common.skc_family == AF_INET6 ?
	    xlate <struct __dtrace_ipaddr *> (&S->__sk_common.skc_v6_rcv_saddr)->text :
	    xlate <struct __dtrace_ipaddr *> ((uint32_t)S->__sk_common.skc_rcv_saddr)->text;
	tcps_raddr = S == NULL ? "<unknown>" : S->__sk_common.skc_family == AF_INET6 ?
	    xlate <struct __dtrace_ipaddr *> (&S->__sk_common.skc_v6_daddr)->text :
	    xlate <struct __dtrace_ipaddr *> ((uint32_t)S->__sk_common.skc_daddr)->text;
	tcps_state = S == NULL ? TCPS_CLOSED :
	    xlate <tcplsinfo_t *> ((int)S->__sk_common.skc_state)->tcps_state;
	tcps_iss = 0;
	tcps_irs = 0;
	tcps_suna = (S != NULL && S->sk_type == 1 && S->__sk_common.skc_state != 6 && S->__sk_common.skc_state != 12) ? ((struct tcp_sock *)S)->snd_una : 0;
	tcps_smax = (S != NULL && S->sk_type == 1 && S->__sk_common.skc_state != 6 && S->__sk_common.skc_state != 12) ? ((struct tcp_sock *)S)->snd_nxt : 0;
	tcps_snxt = (S != NULL && S->sk_type == 1 && S->__sk_common.skc_state != 6 && S->__sk_common.skc_state != 12) ? ((struct tcp_sock *)S)->snd_nxt : 0;
	tcps_rack = (S != NULL && S->sk_type == 1 && S->__sk_common.skc_state != 6 && S->__sk_common.skc_state != 12) ? ((struct tcp_sock *)S)->rcv_wup : 0;
	tcps_rnxt = (S != NULL && S->sk_type == 1 && S->__sk_common.skc_state != 6 && S->__sk_common.skc_state != 12) ? ((struct tcp_sock *)S)->rcv_nxt : 0;
	tcps_swnd = (S != NULL && S->sk_type == 1 && S->__sk_common.skc_state != 6 && S->__sk_common.skc_state != 12) ? ((struct tcp_sock *)S)->snd_wnd : 0;
	tcps_snd_ws = (S != NULL && S->sk_type == 1 && S->__sk_common.skc_state != 6 && S->__sk_common.skc_state != 12) ? ((struct tcp_sock *)S)->rx_opt.snd_wscale : 0;
	tcps_swl1 = (S != NULL && S->sk_type == 1 && S->__sk_common.skc_state != 6 && S->__sk_common.skc_state != 12) ? ((struct tcp_sock *)S)->snd_wl1 : 0;
	tcps_swl2 = 0;
	tcps_rup = (S != NULL && S->sk_type == 1 && S->__sk_common.skc_state != 6 && S->__sk_common.skc_state != 12) ? ((struct tcp_sock *)S)->urg_seq : 0;
	tcps_radv = (S != NULL && S->sk_type == 1 && S->__sk_common.skc_state != 6 && S->__sk_common.skc_state != 12) ? ((struct tcp_sock *)S)->rcv_wnd : 0;
	tcps_rwnd = (S != NULL && S->sk_type == 1 && S->__sk_common.skc_state != 6 && S->__sk_common.skc_state != 12) ? ((struct tcp_sock *)S)->rcv_wnd : 0;
	tcps_rcv_ws = (S != NULL && S->sk_type == 1 && S->__sk_common.skc_state != 6 && S->__sk_common.skc_state != 12) ? ((struct tcp_sock *)S)->rx_opt.rcv_wscale : 0;
	tcps_cwnd = (S != NULL && S->sk_type == 1 && S->__sk_common.skc_state != 6 && S->__sk_common.skc_state != 12) ?
	    ((struct tcp_sock *)S)->snd_cwnd * ((struct tcp_sock *)S)->mss_cache : 0;
	tcps_cwnd_ssthresh = (S != NULL && S->sk_type == 1 && S->__sk_common.skc_state != 6 && S->__sk_common.skc_state != 12) ?
	    ((struct tcp_sock *)S)->snd_ssthresh * ((struct tcp_sock *)S)->mss_cache : 0;
	tcps_sack_fack = 0;
	tcps_sack_snxt = 0;
	tcps_rto = (S != NULL && S->sk_type == 1 && S->__sk_common.skc_state != 6 && S->__sk_common.skc_state != 12) ? ((struct inet_connection_sock *)S)->icsk_rto : 0;
	tcps_mss = (S != NULL && S->sk_type == 1 && S->__sk_common.skc_state != 6 && S->__sk_common.skc_state != 12) ? ((struct tcp_sock *)S)->mss_cache : 0;
	tcps_retransmit = (S != NULL && S->sk_type == 1 && S->__sk_common.skc_state != 6 && S->__sk_common.skc_state != 12) ? ((struct tcp_sock *)S)->retrans_out != 0 : 0;
	tcps_rtt = (S != NULL && S->sk_type == 1 && S->__sk_common.skc_state != 6 && S->__sk_common.skc_state != 12) ? ((struct tcp_sock *)S)->srtt_us >> 3 : 0;
	tcps_rtt_sd = (S != NULL && S->sk_type == 1 && S->__sk_common.skc_state != 6 && S->__sk_common.skc_state != 12) ? ((struct tcp_sock *)S)->mdev_us >> 2 : 0;
};

/*
 * A socket whose state is changing: the sock:inet_sock_set_state
 * tracepoint fires before the kernel stores the new state, which is the
 * tracepoint's third argument (arg2). The tcp provider passes such a
 * socket as a struct inet_sock * to pick this translator; only
 * tcps_state differs from the one above.
 */
translator tcpsinfo_t < struct inet_sock *I > {
	tcps_addr = (uintptr_t)I;
	tcps_local = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_local;
	tcps_active = -1;
	tcps_lport = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_lport;
	tcps_rport = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_rport;
	tcps_laddr = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_laddr;
	tcps_raddr = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_raddr;
	tcps_state = xlate <tcplsinfo_t *> ((int)arg2)->tcps_state;
	tcps_iss = 0;
	tcps_irs = 0;
	tcps_suna = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_suna;
	tcps_smax = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_smax;
	tcps_snxt = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_snxt;
	tcps_rack = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_rack;
	tcps_rnxt = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_rnxt;
	tcps_swnd = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_swnd;
	tcps_snd_ws = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_snd_ws;
	tcps_swl1 = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_swl1;
	tcps_swl2 = 0;
	tcps_rup = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_rup;
	tcps_radv = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_radv;
	tcps_rwnd = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_rwnd;
	tcps_rcv_ws = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_rcv_ws;
	tcps_cwnd = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_cwnd;
	tcps_cwnd_ssthresh = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_cwnd_ssthresh;
	tcps_sack_fack = 0;
	tcps_sack_snxt = 0;
	tcps_rto = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_rto;
	tcps_mss = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_mss;
	tcps_retransmit = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_retransmit;
	tcps_rtt = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_rtt;
	tcps_rtt_sd = xlate <tcpsinfo_t *> ((struct sock *)I)->tcps_rtt_sd;
};

/* The TCP header; NULL (no segment at this probe) gives zeros. */
translator tcpinfo_t < struct tcphdr *T > {
	tcp_sport = T == NULL ? 0 : ntohs(T->source);
	tcp_dport = T == NULL ? 0 : ntohs(T->dest);
	tcp_seq = T == NULL ? 0 : ntohl(T->seq);
	tcp_ack = T == NULL ? 0 : ntohl(T->ack_seq);
	tcp_offset = T == NULL ? 0 : T->doff * 4;
	tcp_flags = T == NULL ? 0 : ((uint8_t *)T)[13];
	tcp_window = T == NULL ? 0 : ntohs(T->window);
	tcp_checksum = T == NULL ? 0 : ntohs(T->check);
	tcp_urgent = T == NULL ? 0 : ntohs(T->urg_ptr);
	tcp_hdr = T;
};

/*
 * A segment a socket received, told from the socket alone (the connection
 * probes, which fire on a state change): the ports; the rest is 0.
 */
translator tcpinfo_t < struct sock *S > {
	tcp_sport = ntohs(S->__sk_common.skc_dport);
	tcp_dport = S->__sk_common.skc_num;
	tcp_seq = 0;
	tcp_ack = 0;
	tcp_offset = 0;
	tcp_flags = 0;
	tcp_window = 0;
	tcp_checksum = 0;
	tcp_urgent = 0;
	tcp_hdr = NULL;
};
