/*
 * Writes bytes given in hexadecimal on the command line to /dev/null, one
 * write() per argument, so that a D script can copyin() known bytes from
 * arg1 of write:entry (arg2 is the count).
 *
 *   writebytes <hex> [<hex> ...]      e.g. writebytes c0a80117 fe800000
 *
 * Exits 0, or 2 on an argument that is not an even number of hex digits.
 */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

static int nibble(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

int main(int argc, char **argv) {
  int fd = open("/dev/null", O_WRONLY);
  if (fd < 0) return 1;
  for (int i = 1; i < argc; i++) {
    unsigned char buf[256];
    size_t len = strlen(argv[i]);
    if (len % 2 != 0 || len / 2 > sizeof buf) return 2;
    for (size_t j = 0; j < len / 2; j++) {
      int hi = nibble(argv[i][2 * j]), lo = nibble(argv[i][2 * j + 1]);
      if (hi < 0 || lo < 0) return 2;
      buf[j] = (unsigned char)(hi << 4 | lo);
    }
    if (write(fd, buf, len / 2) != (ssize_t)(len / 2)) return 1;
  }
  close(fd);
  return 0;
}
