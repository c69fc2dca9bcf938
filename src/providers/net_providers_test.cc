// The tcp, udp, ip and lockstat providers: which probes a kernel's
// tracepoints give, their argument types, and lockstat's support clauses.
#include "providers/net_providers.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "providers/lockstat_provider.h"
#include "providers/probe_registry.h"
#include "runtime/kernel_functions.h"

namespace dt {
namespace {

std::vector<std::string> Names(ProbeRegistry& registry, const std::string& desc) {
  std::vector<std::string> names;
  for (const Probe* p : registry.Match(desc)) names.push_back(p->FullName());
  return names;
}

// The probes that fire on tracepoints: those whose function field is empty.
std::vector<std::string> OnTracepoints(const std::vector<std::string>& names) {
  std::vector<std::string> out;
  for (const std::string& name : names)
    if (name.find("::") != std::string::npos) out.push_back(name);
  return out;
}

TEST(NetProvidersTest, ProbesExistWhereTheirTracepointsDo) {
  // A kernel with the send path and state changes, but no tcp_probe,
  // netif_receive_skb or tcp_send_reset.
  ProbeRegistry registry({{"net", "net_dev_queue"}, {"sock", "inet_sock_set_state"}});
  EXPECT_EQ(Names(registry, "ip:::"), std::vector<std::string>{"ip:vmlinux::send"});
  EXPECT_EQ(Names(registry, "udp:::"), std::vector<std::string>{"udp:vmlinux::send"});
  EXPECT_EQ(OnTracepoints(Names(registry, "tcp:::")),
            (std::vector<std::string>{
                "tcp:vmlinux::send", "tcp:vmlinux::state-change", "tcp:vmlinux::connect-request",
                "tcp:vmlinux::connect-established", "tcp:vmlinux::connect-refused",
                "tcp:vmlinux::accept-established"}));
  // tcp:::receive outside ESTABLISHED is a kernel function's, wherever vmlinux has it.
  EXPECT_EQ(Names(registry, "tcp:vmlinux:tcp_rcv_state_process:receive").size(),
            runtime::FindVmlinuxFunction("tcp_rcv_state_process") ? 1u : 0u);
  // Without the lock tracepoints there are no contention probes (the hold
  // probes are on kernel functions, and exist wherever vmlinux's BTF has them).
  EXPECT_TRUE(Names(registry, "lockstat:vmlinux::adaptive-spin").empty());
  EXPECT_TRUE(Names(registry, "lockstat:vmlinux::*-block").empty());
}

TEST(NetProvidersTest, ArgumentTypesAreDTraces) {
  ProbeRegistry registry({{"net", "net_dev_queue"}, {"sock", "inet_sock_set_state"}});
  auto types = [&](const std::string& desc) {
    std::vector<std::string> t;
    for (const ProbeArg& a : registry.Args(*registry.Match(desc).at(0))) t.push_back(a.type);
    return t;
  };
  EXPECT_EQ(types("tcp:::send"),
            (std::vector<std::string>{"pktinfo_t *", "csinfo_t *", "ipinfo_t *", "tcpsinfo_t *",
                                      "tcpinfo_t *"}));
  EXPECT_EQ(types("tcp:::state-change"),
            (std::vector<std::string>{"void *", "csinfo_t *", "void *", "tcpsinfo_t *", "void *",
                                      "tcplsinfo_t *"}));
  EXPECT_EQ(types("ip:::send"),
            (std::vector<std::string>{"pktinfo_t *", "csinfo_t *", "ipinfo_t *", "ifinfo_t *",
                                      "ipv4info_t *", "ipv6info_t *"}));
  EXPECT_EQ(types("udp:::send"),
            (std::vector<std::string>{"pktinfo_t *", "csinfo_t *", "ipinfo_t *", "udpsinfo_t *",
                                      "udpinfo_t *"}));
}

TEST(LockstatProviderTest, ContentionProbesAndTheirSupportClauses) {
  ProbeRegistry registry({{"lock", "contention_begin"}, {"lock", "contention_end"}});
  // The contention probes fire on the tracepoints.
  EXPECT_EQ(OnTracepoints(Names(registry, "lockstat:::")),
            (std::vector<std::string>{
                "lockstat:vmlinux::adaptive-spin", "lockstat:vmlinux::adaptive-block",
                "lockstat:vmlinux::adaptive-acquire-error", "lockstat:vmlinux::spin-spin",
                "lockstat:vmlinux::rw-spin", "lockstat:vmlinux::rw-block"}));
  // A hold probe is one locking function's entry or return, where vmlinux has it.
  EXPECT_EQ(Names(registry, "lockstat:vmlinux:mutex_lock:adaptive-acquire").size(),
            runtime::FindVmlinuxFunction("mutex_lock") ? 1u : 0u);
  EXPECT_TRUE(Names(registry, "lockstat:vmlinux:mutex_lock:adaptive-release").empty());
  const Provider& lockstat = LockstatProvider();
  // Asked for by any description that may name a lockstat probe...
  for (const char* desc : {"lockstat:::", "lock*:::*-block", ":::adaptive-spin", "adaptive-spin"})
    EXPECT_NE(lockstat.SupportClauses(SplitProbeSpec(desc)).find("sdt:lock::contention_begin"),
              std::string::npos)
        << desc;
  // ... and by no other (BEGIN has an empty provider field).
  for (const char* desc : {"BEGIN", "tcp:::", "lockstat:::nonesuch", "lockstat:genunix::"})
    EXPECT_EQ(lockstat.SupportClauses(SplitProbeSpec(desc)), "") << desc;
  EXPECT_EQ(NetProvider().SupportClauses(SplitProbeSpec("tcp:::")), "");
}

}  // namespace
}  // namespace dt
