/*
 * A target for copyout() and copyoutstr(): hands the address of a buffer
 * holding "untouched" to the kernel in write(-1, buf, 16), which fails
 * with EBADF and changes nothing, until the buffer no longer reads
 * "untouched" (a D script wrote into it at write:entry) or 500 tries have
 * passed (10 ms apart), then prints the buffer's first 15 bytes as text,
 * non-printing bytes as '.'.
 *
 * Exits 0 when the buffer changed, 1 when it did not.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void) {
  char buf[16] = "untouched";
  int changed = 0;
  for (int i = 0; i < 500 && !changed; i++) {
    if (write(-1, buf, sizeof buf) >= 0) return 2;
    changed = strcmp(buf, "untouched") != 0;
    if (!changed) usleep(10000);
  }
  for (int i = 0; i < 15; i++) putchar(buf[i] >= 32 && buf[i] < 127 ? buf[i] : '.');
  putchar('\n');
  return changed ? 0 : 1;
}
