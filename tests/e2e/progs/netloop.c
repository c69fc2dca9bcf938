/*
 * Makes known loopback traffic on 127.0.0.1, both ends in this one thread,
 * in a network namespace of its own (made first, its lo brought up), then
 * exits 0. Ports are the kernel's choice. The e2e tests of the tcp, udp and
 * ip providers trace it with -c; they tell its packets by that namespace
 * (the kernel may process them in ksoftirqd, not in this process).
 *
 *   netloop tcp      a connection: the client sends 100 bytes, the server
 *                    answers 10; the client sends 1000, the server answers
 *                    20 (each write waits for the answer, TCP_NODELAY on
 *                    both, so each is one segment); the client closes,
 *                    then the server
 *   netloop udp      a datagram of 100 bytes from one socket to another,
 *                    and one of 10 bytes back
 *   netloop refused  a connection to a port nobody listens on (refused)
 *   netloop udp6     as udp, between two sockets on ::1
 *
 * Exits 1 with a message on stderr if anything does not go as described.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <net/if.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static void fail(const char* what) {
  perror(what);
  exit(1);
}

/* A socket of `type` bound to 127.0.0.1 on a port the kernel picks. */
static int bound_socket(int type, struct sockaddr_in* addr) {
  int fd = socket(AF_INET, type, 0);
  if (fd < 0) fail("socket");
  memset(addr, 0, sizeof(*addr));
  addr->sin_family = AF_INET;
  addr->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (bind(fd, (struct sockaddr*)addr, sizeof(*addr)) < 0) fail("bind");
  socklen_t len = sizeof(*addr);
  if (getsockname(fd, (struct sockaddr*)addr, &len) < 0) fail("getsockname");
  return fd;
}

static void send_all(int fd, size_t n) {
  char buf[1000];
  memset(buf, 'x', sizeof(buf));
  if (write(fd, buf, n) != (ssize_t)n) fail("write");
}

static void receive_all(int fd, size_t n) {
  char buf[1000];
  size_t got = 0;
  while (got < n) {
    ssize_t r = read(fd, buf, n - got);
    if (r <= 0) fail("read");
    got += (size_t)r;
  }
}

static int tcp(void) {
  struct sockaddr_in addr;
  int listener = bound_socket(SOCK_STREAM, &addr);
  if (listen(listener, 1) < 0) fail("listen");
  int client = socket(AF_INET, SOCK_STREAM, 0);
  if (client < 0) fail("socket");
  if (connect(client, (struct sockaddr*)&addr, sizeof(addr)) < 0) fail("connect");
  int server = accept(listener, NULL, NULL);
  if (server < 0) fail("accept");
  int one = 1;
  setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
  setsockopt(server, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
  send_all(client, 100);
  receive_all(server, 100);
  send_all(server, 10);
  receive_all(client, 10);
  send_all(client, 1000);
  receive_all(server, 1000);
  send_all(server, 20);
  receive_all(client, 20);
  close(client);
  char c;
  if (read(server, &c, 1) != 0) fail("read at end");
  close(server);
  close(listener);
  return 0;
}

static int udp(void) {
  struct sockaddr_in a_addr, b_addr;
  int a = bound_socket(SOCK_DGRAM, &a_addr);
  int b = bound_socket(SOCK_DGRAM, &b_addr);
  char buf[100];
  memset(buf, 'u', sizeof(buf));
  if (sendto(a, buf, 100, 0, (struct sockaddr*)&b_addr, sizeof(b_addr)) != 100) fail("sendto");
  if (recv(b, buf, sizeof(buf), 0) != 100) fail("recv");
  if (sendto(b, buf, 10, 0, (struct sockaddr*)&a_addr, sizeof(a_addr)) != 10) fail("sendto");
  if (recv(a, buf, sizeof(buf), 0) != 10) fail("recv");
  close(a);
  close(b);
  return 0;
}

static int bound_socket6(struct sockaddr_in6* addr) {
  int fd = socket(AF_INET6, SOCK_DGRAM, 0);
  if (fd < 0) fail("socket");
  memset(addr, 0, sizeof(*addr));
  addr->sin6_family = AF_INET6;
  addr->sin6_addr = in6addr_loopback;
  if (bind(fd, (struct sockaddr*)addr, sizeof(*addr)) < 0) fail("bind");
  socklen_t len = sizeof(*addr);
  if (getsockname(fd, (struct sockaddr*)addr, &len) < 0) fail("getsockname");
  return fd;
}

static int udp6(void) {
  struct sockaddr_in6 a_addr, b_addr;
  int a = bound_socket6(&a_addr);
  int b = bound_socket6(&b_addr);
  char buf[100];
  memset(buf, 'u', sizeof(buf));
  if (sendto(a, buf, 100, 0, (struct sockaddr*)&b_addr, sizeof(b_addr)) != 100) fail("sendto");
  if (recv(b, buf, sizeof(buf), 0) != 100) fail("recv");
  close(a);
  close(b);
  return 0;
}

static int refused(void) {
  struct sockaddr_in addr;
  int probe = bound_socket(SOCK_STREAM, &addr); /* a free port, then let go */
  close(probe);
  int client = socket(AF_INET, SOCK_STREAM, 0);
  if (client < 0) fail("socket");
  if (connect(client, (struct sockaddr*)&addr, sizeof(addr)) == 0) {
    fprintf(stderr, "netloop: the connection was not refused\n");
    return 1;
  }
  close(client);
  return 0;
}

/* A network namespace of our own, with its loopback device up. */
static void own_network(void) {
  if (unshare(CLONE_NEWNET) < 0) fail("unshare(CLONE_NEWNET)");
  int fd = socket(AF_INET, SOCK_DGRAM, 0);
  if (fd < 0) fail("socket");
  struct ifreq ifr;
  memset(&ifr, 0, sizeof(ifr));
  strcpy(ifr.ifr_name, "lo");
  if (ioctl(fd, SIOCGIFFLAGS, &ifr) < 0) fail("SIOCGIFFLAGS");
  ifr.ifr_flags |= IFF_UP;
  if (ioctl(fd, SIOCSIFFLAGS, &ifr) < 0) fail("SIOCSIFFLAGS");
  close(fd);
}

int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "";
  own_network();
  if (strcmp(mode, "tcp") == 0) return tcp();
  if (strcmp(mode, "udp") == 0) return udp();
  if (strcmp(mode, "refused") == 0) return refused();
  if (strcmp(mode, "udp6") == 0) return udp6();
  fprintf(stderr, "usage: netloop tcp|udp|refused|udp6\n");
  return 2;
}
