/*
 * Writes known bytes to /dev/null, for the tracemem tests, then exits 0.
 *
 *   memwrite
 *
 * One write() of 32 bytes to /dev/null: the 16 characters
 * "hello, tracemem!" (no NUL), then four little-endian 32-bit integers
 * 1, 2, 3, -1. The descriptor is fd 3 and the call is the only write of
 * 32 bytes the program makes. Nothing is printed.
 */
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

int main(void) {
  unsigned char buf[32];
  const int32_t ints[4] = {1, 2, 3, -1};
  memcpy(buf, "hello, tracemem!", 16);
  memcpy(buf + 16, ints, sizeof(ints));
  int fd = open("/dev/null", O_WRONLY);
  if (fd < 0) return 1;
  if (write(fd, buf, sizeof(buf)) != (ssize_t)sizeof(buf)) return 1;
  close(fd);
  return 0;
}
