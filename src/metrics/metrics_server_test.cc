#include "metrics/metrics_server.h"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <stdexcept>

namespace dt::metrics {
namespace {

TEST(ParseListenAddress, AcceptsAddressesAndPorts) {
  auto a = ParseListenAddress("127.0.0.1:9102");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->addr.ss_family, AF_INET);
  EXPECT_EQ(ntohs(reinterpret_cast<sockaddr_in*>(&a->addr)->sin_port), 9102);
  auto l = ParseListenAddress("localhost:0");
  ASSERT_TRUE(l);
  EXPECT_EQ(reinterpret_cast<sockaddr_in*>(&l->addr)->sin_addr.s_addr, htonl(INADDR_LOOPBACK));
  auto all = ParseListenAddress("0.0.0.0:65535");
  ASSERT_TRUE(all);
  auto v6 = ParseListenAddress("[::1]:9102");
  ASSERT_TRUE(v6);
  EXPECT_EQ(v6->addr.ss_family, AF_INET6);
}

TEST(ParseListenAddress, RefusesMalformed) {
  for (const char* bad :
       {"", "9102", ":9102", "127.0.0.1", "127.0.0.1:", "127.0.0.1:65536", "127.0.0.1:-1",
        "127.0.0.1:9x", "host.example:80", "::1:9102", "[::1]", "[nope]:80", "1.2.3.4.5:80"})
    EXPECT_FALSE(ParseListenAddress(bad)) << bad;
}

TEST(Answer, RoutesAndNegotiates) {
  auto render = [](Format f) { return f == Format::kOpenMetrics ? std::string("om") : "text"; };
  auto r = MetricsServer::Answer("GET", "/metrics", "application/openmetrics-text", render);
  EXPECT_EQ(r.status, 200u);
  EXPECT_EQ(r.body, "om");
  EXPECT_EQ(r.content_type, "application/openmetrics-text; version=1.0.0; charset=utf-8");
  r = MetricsServer::Answer("GET", "/metrics", "", render);
  EXPECT_EQ(r.body, "text");
  EXPECT_EQ(r.content_type, "text/plain; version=0.0.4; charset=utf-8");
  EXPECT_EQ(MetricsServer::Answer("GET", "/", "", render).status, 404u);
  EXPECT_EQ(MetricsServer::Answer("GET", "/metrics/x", "", render).status, 404u);
  EXPECT_EQ(MetricsServer::Answer("POST", "/metrics", "", render).status, 405u);
}

int Connect(uint16_t port) {
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof(a)) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

std::string Request(uint16_t port, const std::string& request) {
  int fd = Connect(port);
  if (fd < 0) return "";
  timeval tv{5, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
  if (write(fd, request.data(), request.size()) != static_cast<ssize_t>(request.size())) {
    close(fd);
    return "";
  }
  std::string out;
  char buf[4096];
  ssize_t n;
  while ((n = read(fd, buf, sizeof(buf))) > 0) out.append(buf, static_cast<size_t>(n));
  close(fd);
  return out;
}

TEST(MetricsServer, ServesOverHttpAndIsNotHeldUpByAStalledClient) {
  std::atomic<int> renders{0};
  MetricsServer server(*ParseListenAddress("127.0.0.1:0"), [&](Format f) {
    ++renders;
    return Render({}, f);
  });
  ASSERT_NE(server.port(), 0);
  // A client that connects and never sends a request.
  int stalled = Connect(server.port());
  ASSERT_GE(stalled, 0);
  auto start = std::chrono::steady_clock::now();
  std::string ok =
      Request(server.port(),
              "GET /metrics HTTP/1.1\r\nHost: x\r\nAccept: "
              "application/openmetrics-text;version=1.0.0\r\nConnection: close\r\n\r\n");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
  EXPECT_EQ(ok.rfind("HTTP/1.1 200", 0), 0u) << ok;
  EXPECT_NE(ok.find("Content-Type: application/openmetrics-text; version=1.0.0; charset=utf-8\r\n"),
            std::string::npos)
      << ok;
  EXPECT_EQ(ok.substr(ok.size() - 6), "# EOF\n") << ok;
  std::string missing =
      Request(server.port(), "GET /nope HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(missing.rfind("HTTP/1.1 404", 0), 0u) << missing;
  EXPECT_EQ(renders.load(), 1);
  close(stalled);
  server.Stop();
  EXPECT_LT(Connect(server.port()), 0) << "still listening after Stop()";
}

TEST(MetricsServer, PortInUseIsAnError) {
  MetricsServer first(*ParseListenAddress("127.0.0.1:0"), [](Format) { return std::string(); });
  std::string address = "127.0.0.1:" + std::to_string(first.port());
  try {
    MetricsServer second(*ParseListenAddress(address), [](Format) { return std::string(); });
    FAIL() << "bound twice";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()),
              "cannot serve metrics on " + address + ": Address already in use");
  }
}

}  // namespace
}  // namespace dt::metrics
