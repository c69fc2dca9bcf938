#include "providers/net_providers.h"

namespace dt {

namespace {

// Raw tracepoint arguments (TP_PROTO) used below:
//   net_dev_queue(struct sk_buff *skb): a packet handed to a device to
//     send; its link header is built, network_header and transport_header
//     are offsets from skb->head to its IP and transport headers;
//   netif_receive_skb(struct sk_buff *skb): a packet a device received,
//     skb->data at its IP header (the kernel sets network_header after
//     this tracepoint);
//   tcp_probe(struct sock *sk, struct sk_buff *skb): a segment an
//     established socket received (tcp_rcv_established), headers set;
//   tcp_rcv_state_process(struct sock *sk, struct sk_buff *skb), a kernel
//     function (fentry): a segment a socket in any other state received
//     (a listener's SYN, a SYN-ACK, the handshake's last ACK at the new
//     socket, the segments of a close), as tcp_probe's arguments;
//   tcp_send_reset(const struct sock *sk, const struct sk_buff *skb, ...):
//     a reset sent in answer to skb; sk is NULL when no socket had it;
//   inet_sock_set_state(const struct sock *sk, int oldstate, int newstate):
//     before the socket's new state is stored.
// skb->protocol is big-endian: 0x0008 is IPv4 and 0xdd86 IPv6 on x86.
// clang-format off
#define SKB(n) "((struct sk_buff *)arg" #n ")"
#define SOCK(n) "((struct sock *)arg" #n ")"
#define IS_IP(n) "(" SKB(n) "->protocol == 0x0008 || " SKB(n) "->protocol == 0xdd86)"
#define IPH_OUT(n) "((struct iphdr *)(" SKB(n) "->head + " SKB(n) "->network_header))"
#define IPH_IN(n) "((struct iphdr *)" SKB(n) "->data)"
#define PROTO(iph) "(" iph "->version == 4 ? " iph "->protocol : ((struct ipv6hdr *)" iph ")->nexthdr)"
#define TRANSPORT_SET(n) "(" SKB(n) "->head + " SKB(n) "->transport_header)"
// Where no transport header offset is set yet: right after the IP header.
#define TRANSPORT_AFTER(iph) "((char *)" iph " + (" iph "->version == 4 ? " iph "->ihl * 4 : 40))"
#define FLAGS(th) "((uint8_t *)" th ")[13]"

#define PKTINFO(n) {"pktinfo_t *", "xlate <pktinfo_t *> (" SKB(n) ")"}
#define NO_PKTINFO {"pktinfo_t *", "xlate <pktinfo_t *> ((struct sk_buff *)0)"}
#define CSINFO(sk) {"csinfo_t *", "xlate <csinfo_t *> (" sk ")"}
#define IPINFO(iph) {"ipinfo_t *", "xlate <ipinfo_t *> (" iph ")"}
#define IFINFO(n) {"ifinfo_t *", "xlate <ifinfo_t *> (" SKB(n) "->dev)"}
#define IPV4INFO(iph) {"ipv4info_t *", "xlate <ipv4info_t *> (" iph ")"}
#define IPV6INFO(iph) {"ipv6info_t *", "xlate <ipv6info_t *> (" iph ")"}
#define TCPSINFO(sk) {"tcpsinfo_t *", "xlate <tcpsinfo_t *> (" sk ")"}
#define TCPINFO(th) {"tcpinfo_t *", "xlate <tcpinfo_t *> ((struct tcphdr *)" th ")"}
#define UDPSINFO(x) {"udpsinfo_t *", "xlate <udpsinfo_t *> (" x ")"}
#define UDPINFO(uh) {"udpinfo_t *", "xlate <udpinfo_t *> ((struct udphdr *)" uh ")"}

#define SKB_SOCK(n) "((struct sock *)" SKB(n) "->sk)"
#define IP_ARGS(n, iph) {PKTINFO(n), CSINFO(SKB_SOCK(n)), IPINFO(iph), IFINFO(n), IPV4INFO(iph), IPV6INFO(iph)}
#define TCP_SENT "(" IS_IP(0) " && " PROTO(IPH_OUT(0)) " == 6)"
#define TCP_SENT_ARGS {PKTINFO(0), CSINFO(SKB_SOCK(0)), IPINFO(IPH_OUT(0)), TCPSINFO(SKB_SOCK(0)), TCPINFO(TRANSPORT_SET(0))}
// A connection's probes fire on a state change: no segment, the socket's
// addresses and ports as the segment that caused it had them.
#define TCP_STATE_ARGS {NO_PKTINFO, CSINFO(SOCK(0)), IPINFO(SOCK(0)), \
                        TCPSINFO("(struct inet_sock *)arg0"), \
                        {"tcpinfo_t *", "xlate <tcpinfo_t *> (" SOCK(0) ")"}}
#define IS_TCP_SOCK(n) "(" SOCK(n) "->sk_protocol == 6)"
#define TCP_RECEIVED_ARGS {PKTINFO(1), CSINFO(SOCK(0)), IPINFO(IPH_OUT(1)), TCPSINFO(SOCK(0)), \
                           TCPINFO(TRANSPORT_SET(1))}
// clang-format on

}  // namespace

// Linux TCP_* states: 1 ESTABLISHED, 2 SYN_SENT, 3 SYN_RECV, 7 CLOSE.
const std::vector<StableProbe>& NetProbes() {
  static const std::vector<StableProbe> probes = {
      {"ip", "send", "net_dev_queue", IS_IP(0), "", IP_ARGS(0, IPH_OUT(0))},
      {"ip", "receive", "netif_receive_skb", IS_IP(0), "", IP_ARGS(0, IPH_IN(0))},
      {"tcp", "send", "net_dev_queue", TCP_SENT, "", TCP_SENT_ARGS},
      // tcp_v4_do_rcv and tcp_v6_do_rcv hand a segment to one of the two:
      // together they are every segment a socket receives (not those of
      // TIME_WAIT, which has no full socket).
      {"tcp", "receive", "tcp_probe", "", "", TCP_RECEIVED_ARGS},
      {"tcp", "receive", "fentry:tcp_rcv_state_process", "", "", TCP_RECEIVED_ARGS},
      {"tcp",
       "state-change",
       "inet_sock_set_state",
       IS_TCP_SOCK(0),
       "",
       {{"void *", "(void *)0"},
        CSINFO(SOCK(0)),
        {"void *", "(void *)0"},
        TCPSINFO("(struct inet_sock *)arg0"),
        {"void *", "(void *)0"},
        {"tcplsinfo_t *", "xlate <tcplsinfo_t *> ((int)arg1)"}}},
      {"tcp", "connect-request", "net_dev_queue",
       TCP_SENT " && (" FLAGS(TRANSPORT_SET(0)) " & 0x12) == 0x02", "", TCP_SENT_ARGS},
      {"tcp", "connect-established", "inet_sock_set_state",
       IS_TCP_SOCK(0) " && arg1 == 2 && arg2 == 1", "", TCP_STATE_ARGS},
      {"tcp", "connect-refused", "inet_sock_set_state",
       IS_TCP_SOCK(0) " && arg1 == 2 && arg2 == 7 && " SOCK(0) "->sk_err == 111", "",
       TCP_STATE_ARGS},
      {"tcp", "accept-established", "inet_sock_set_state",
       IS_TCP_SOCK(0) " && arg1 == 3 && arg2 == 1", "", TCP_STATE_ARGS},
      {"tcp",
       "accept-refused",
       "tcp_send_reset",
       "arg0 == 0 && (" FLAGS(TRANSPORT_SET(1)) " & 0x12) == 0x02",
       "",
       {PKTINFO(1), CSINFO(SOCK(0)), IPINFO(IPH_OUT(1)), TCPSINFO(SOCK(0)),
        TCPINFO(TRANSPORT_SET(1))}},
      {"udp",
       "send",
       "net_dev_queue",
       "(" IS_IP(0) " && " PROTO(IPH_OUT(0)) " == 17)",
       "",
       {PKTINFO(0), CSINFO(SKB_SOCK(0)), IPINFO(IPH_OUT(0)), UDPSINFO(SKB_SOCK(0)),
        UDPINFO(TRANSPORT_SET(0))}},
      {"udp",
       "receive",
       "netif_receive_skb",
       "(" IS_IP(0) " && " PROTO(IPH_IN(0)) " == 17)",
       "",
       {PKTINFO(0), CSINFO("((struct sock *)0)"), IPINFO(IPH_IN(0)), UDPSINFO(IPH_IN(0)),
        UDPINFO(TRANSPORT_AFTER(IPH_IN(0)))}},
  };
  return probes;
}

const Provider& NetProvider() {
  using S = Stability;
  using C = DependencyClass;
  // The Dynamic Tracing Guide's attributes for tcp, udp and ip.
  static constexpr ProviderAttributes kAttributes = {{S::kEvolving, S::kEvolving, C::kIsa},
                                                     {S::kPrivate, S::kPrivate, C::kUnknown},
                                                     {S::kPrivate, S::kPrivate, C::kUnknown},
                                                     {S::kEvolving, S::kEvolving, C::kIsa},
                                                     {S::kEvolving, S::kEvolving, C::kIsa}};
  static const std::unique_ptr<Provider> kProvider = NewStableProvider(NetProbes(), kAttributes);
  return *kProvider;
}

}  // namespace dt
