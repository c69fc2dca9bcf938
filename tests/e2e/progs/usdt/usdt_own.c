// A program with its own USDT provider (myprov.d), built the DTrace way:
// "dtrace -h -s myprov.d" writes myprov.h, this file is compiled with it,
// "dtrace -G -s myprov.d usdt_own.o" writes the object that defines the
// semaphores, and both are linked. The values come through a volatile, so
// the compiler cannot fold them into constants:
//   - myprov:::request-start(id, name, -(id * 5000000000), 200 + id) and
//     myprov:::request-done(id, "ok"/"failed") for requests 1 to 3;
//   - myprov:::tick() each time, only while it is traced: the is-enabled
//     macro guards it and the line it prints ("tick N enabled").
// Then it prints how many ticks were enabled, to stderr (apart from the
// trace on stdout). A first argument of
// microseconds makes it sleep that long before it starts (for tests that
// start it after dtrace).
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "myprov.h"

int main(int argc, char** argv) {
  if (argc > 1) usleep((useconds_t)atoi(argv[1]));
  volatile int one = 1;
  int enabled = 0;
  for (int id = one; id <= 3 * one; id++) {
    char name[16];
    snprintf(name, sizeof(name), "request-%d", id);
    MYPROV_REQUEST_START(id, name, -(id * 5000000000LL), (unsigned char)(200 + id));
    if (MYPROV_TICK_ENABLED()) {
      enabled++;
      MYPROV_TICK();
    }
    char status[8];
    snprintf(status, sizeof(status), "%s", id % 2 ? "ok" : "failed");
    MYPROV_REQUEST_DONE(id, status);
  }
  fprintf(stderr, "%d ticks enabled\n", enabled);
  return 0;
}
