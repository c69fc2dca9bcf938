#include "metrics/metrics_server.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <stdexcept>

namespace dt::metrics {
namespace {

MHD_Result HandleRequest(void* cls, MHD_Connection* connection, const char* url, const char* method,
                         const char* /*version*/, const char* /*upload_data*/,
                         size_t* upload_data_size, void** state) {
  // The first call announces the request; answer on the next, once any
  // request body has been read (and ignored).
  static int seen;
  if (*state == nullptr) {
    *state = &seen;
    return MHD_YES;
  }
  if (*upload_data_size != 0) {
    *upload_data_size = 0;
    return MHD_YES;
  }
  const char* accept = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Accept");
  const auto& render = *static_cast<MetricsServer::Renderer*>(cls);
  MetricsServer::Response r = MetricsServer::Answer(method, url, accept ? accept : "", render);
  MHD_Response* response =
      MHD_create_response_from_buffer(r.body.size(), r.body.data(), MHD_RESPMEM_MUST_COPY);
  if (response == nullptr) return MHD_NO;
  MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, r.content_type.c_str());
  if (r.status == MHD_HTTP_METHOD_NOT_ALLOWED)
    MHD_add_response_header(response, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
  MHD_Result ok = MHD_queue_response(connection, r.status, response);
  MHD_destroy_response(response);
  return ok;
}

std::runtime_error Refused(const ListenAddress& address, const std::string& why) {
  return std::runtime_error("cannot serve metrics on " + address.text + ": " + why);
}

}  // namespace

std::optional<ListenAddress> ParseListenAddress(std::string_view text) {
  ListenAddress out;
  out.text = std::string(text);
  size_t colon = text.rfind(':');
  if (colon == std::string_view::npos) return std::nullopt;
  std::string_view host = text.substr(0, colon), port_text = text.substr(colon + 1);
  unsigned port = 0;
  auto [end, ec] = std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
  if (port_text.empty() || ec != std::errc() || end != port_text.data() + port_text.size() ||
      port > 65535)
    return std::nullopt;
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    std::string h(host.substr(1, host.size() - 2));
    auto* a6 = reinterpret_cast<sockaddr_in6*>(&out.addr);
    a6->sin6_family = AF_INET6;
    a6->sin6_port = htons(static_cast<uint16_t>(port));
    if (inet_pton(AF_INET6, h.c_str(), &a6->sin6_addr) != 1) return std::nullopt;
    out.len = sizeof(sockaddr_in6);
    return out;
  }
  std::string h = host == "localhost" ? "127.0.0.1" : std::string(host);
  auto* a4 = reinterpret_cast<sockaddr_in*>(&out.addr);
  a4->sin_family = AF_INET;
  a4->sin_port = htons(static_cast<uint16_t>(port));
  if (inet_pton(AF_INET, h.c_str(), &a4->sin_addr) != 1) return std::nullopt;
  out.len = sizeof(sockaddr_in);
  return out;
}

MetricsServer::Response MetricsServer::Answer(std::string_view method, std::string_view url,
                                              std::string_view accept, const Renderer& render) {
  Response r;
  r.content_type = "text/plain; charset=utf-8";
  if (url != "/metrics") {
    r.status = MHD_HTTP_NOT_FOUND;
    r.body = "Not Found: the metrics are at /metrics\n";
    return r;
  }
  if (method != "GET" && method != "HEAD") {
    r.status = MHD_HTTP_METHOD_NOT_ALLOWED;
    r.body = "Method Not Allowed\n";
    return r;
  }
  Format format = NegotiateFormat(accept);
  r.content_type = ContentType(format);
  r.body = render(format);
  return r;
}

MetricsServer::MetricsServer(const ListenAddress& address, Renderer render)
    : render_(std::move(render)) {
  const int family = address.addr.ss_family;
  listen_fd_ = socket(family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (listen_fd_ < 0) throw Refused(address, strerror(errno));
  int one = 1;
  setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
  if (bind(listen_fd_, reinterpret_cast<const sockaddr*>(&address.addr), address.len) != 0 ||
      listen(listen_fd_, 64) != 0) {
    int err = errno;
    close(listen_fd_);
    throw Refused(address, strerror(err));
  }
  sockaddr_storage bound{};
  socklen_t len = sizeof(bound);
  getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&bound), &len);
  port_ = ntohs(family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port
                                   : reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
  daemon_ =
      MHD_start_daemon(MHD_USE_AUTO_INTERNAL_THREAD |
                           (family == AF_INET6 ? static_cast<unsigned>(MHD_USE_IPv6) : 0u),
                       0, nullptr, nullptr, &HandleRequest, &render_, MHD_OPTION_LISTEN_SOCKET,
                       listen_fd_, MHD_OPTION_CONNECTION_TIMEOUT, kConnectionTimeoutSeconds,
                       MHD_OPTION_CONNECTION_LIMIT, kConnectionLimit, MHD_OPTION_END);
  if (daemon_ == nullptr) {
    close(listen_fd_);
    throw Refused(address, "the HTTP server (libmicrohttpd) did not start");
  }
  listen_fd_ = -1;  // libmicrohttpd's now: MHD_stop_daemon closes it
}

void MetricsServer::Stop() {
  if (daemon_ == nullptr) return;
  MHD_stop_daemon(daemon_);  // joins its thread and closes the listening socket
  daemon_ = nullptr;
}

MetricsServer::~MetricsServer() { Stop(); }

}  // namespace dt::metrics
