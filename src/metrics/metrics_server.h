// The HTTP endpoint of -x metrics=ADDRESS:PORT: answers GET /metrics with
// what `render` returns for the format the scraper asks for
// (openmetrics.h), 404 for any other path, 405 for another method.
//
// It runs on its own thread (libmicrohttpd's internal polling thread, with
// non-blocking sockets): `render` is called there, never on the thread that
// consumes the ring buffer, and a slow or stalled scraper only holds its
// own connection (dropped after kConnectionTimeout of silence). At most
// kConnectionLimit connections are served at once.
#pragma once

#include <netinet/in.h>
#include <sys/socket.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "metrics/openmetrics.h"

struct MHD_Daemon;

namespace dt::metrics {

// ADDRESS:PORT: an IPv4 address, "localhost" (127.0.0.1) or a bracketed
// IPv6 address ("[::1]:9102"); PORT 0 to 65535 (0: the kernel picks one).
struct ListenAddress {
  sockaddr_storage addr{};
  socklen_t len = 0;
  std::string text;  // as given
};
std::optional<ListenAddress> ParseListenAddress(std::string_view text);

class MetricsServer {
 public:
  using Renderer = std::function<std::string(Format)>;
  static constexpr unsigned kConnectionTimeoutSeconds = 10;
  static constexpr unsigned kConnectionLimit = 16;

  // Binds and starts serving. Throws std::runtime_error "cannot serve
  // metrics on ADDRESS: <reason>" when it cannot.
  MetricsServer(const ListenAddress& address, Renderer render);
  ~MetricsServer();
  MetricsServer(const MetricsServer&) = delete;
  MetricsServer& operator=(const MetricsServer&) = delete;

  // The port bound (the kernel's choice for port 0).
  uint16_t port() const { return port_; }
  // Stops serving; waits for a scrape being rendered to finish.
  void Stop();

  // libmicrohttpd's request callback's work, for one request.
  struct Response {
    unsigned status = 200;
    std::string content_type;
    std::string body;
  };
  static Response Answer(std::string_view method, std::string_view url, std::string_view accept,
                         const Renderer& render);

 private:
  Renderer render_;
  MHD_Daemon* daemon_ = nullptr;
  int listen_fd_ = -1;  // until libmicrohttpd takes it
  uint16_t port_ = 0;
};

}  // namespace dt::metrics
