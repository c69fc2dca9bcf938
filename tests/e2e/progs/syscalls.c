/*
 * Makes a known set of system calls a known number of times, then exits 0.
 * The e2e tests trace it with -c and check the counts.
 *
 *   syscalls [all|getppid|write|read|open]      (default: all)
 *
 *   getppid  getppid() 10 times
 *   write    open("/dev/null", O_WRONLY), write() to it 5 times with sizes
 *            1, 2, 4, 8, 16, close()
 *   read     open("/dev/zero", O_RDONLY), read() from it 11 times with sizes
 *            1, 2, 4, ..., 1024, close()
 *   open     openat(AT_FDCWD, "/etc/hostname", O_RDONLY) 3 times (each closed),
 *            then openat(AT_FDCWD, "/nonexistent-path-for-dtrace-test",
 *            O_RDONLY) 2 times (each fails with ENOENT)
 *   all      getppid, write, read, open, in that order (so 7 openat calls
 *            of its own: /dev/null, /dev/zero, 3 + 2 in open)
 *
 * Every descriptor is closed before the next open, so each one is fd 3.
 *
 * The dynamic loader makes its own calls (openat, read, mmap, ...) before
 * main(), so tests should tell the calls above apart by their arguments
 * (sizes, paths, the /dev/null and /dev/zero descriptors) rather than count
 * every call the process makes. Nothing is printed and stdio is never used,
 * so no buffered write sneaks in. An unknown mode exits 2.
 */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

static void do_getppid(void) {
  for (int i = 0; i < 10; i++) getppid();
}

static void do_write(void) {
  static const char bytes[16] = {0};
  int fd = open("/dev/null", O_WRONLY);
  if (fd < 0) _exit(1);
  for (int size = 1; size <= 16; size *= 2) {
    if (write(fd, bytes, size) != size) _exit(1);
  }
  close(fd);
}

static void do_read(void) {
  static char buffer[1024];
  int fd = open("/dev/zero", O_RDONLY);
  if (fd < 0) _exit(1);
  for (int size = 1; size <= 1024; size *= 2) {
    if (read(fd, buffer, size) != size) _exit(1);
  }
  close(fd);
}

static void do_open(void) {
  for (int i = 0; i < 3; i++) {
    int fd = openat(AT_FDCWD, "/etc/hostname", O_RDONLY);
    if (fd >= 0) close(fd);
  }
  for (int i = 0; i < 2; i++) {
    openat(AT_FDCWD, "/nonexistent-path-for-dtrace-test", O_RDONLY);
  }
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "all";
  int all = strcmp(mode, "all") == 0;
  int known = all;
  if (all || strcmp(mode, "getppid") == 0) do_getppid(), known = 1;
  if (all || strcmp(mode, "write") == 0) do_write(), known = 1;
  if (all || strcmp(mode, "read") == 0) do_read(), known = 1;
  if (all || strcmp(mode, "open") == 0) do_open(), known = 1;
  _exit(known ? 0 : 2);
}
