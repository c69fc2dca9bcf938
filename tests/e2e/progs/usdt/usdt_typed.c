// A program whose probes have typed arguments (typedprov.d, built with
// dtrace -h and -G by tests/e2e/cases/usdt/typed_args.sh). For requests 1
// and 2 it fires
//   typedprov:::start(&request, -id, 4000000000 + id), the request being
//     {id, 1000 * id, "req-<id>"};
//   typedprov:::small(-50 * id, 65535 - id, "w<id>").
// The values pass through a volatile, so the compiler cannot fold them.
// Prints nothing.
#include <stdio.h>
#include <string.h>

struct request {
  int id;
  long bytes;
  char name[16];
};

#include "typedprov.h"

int main(void) {
  volatile int one = 1;
  for (int id = one; id <= 2 * one; id++) {
    struct request r;
    memset(&r, 0, sizeof(r));
    r.id = id;
    r.bytes = 1000L * id;
    snprintf(r.name, sizeof(r.name), "req-%d", id);
    TYPEDPROV_START(&r, -id, 4000000000u + (unsigned)id);
    char word[8];
    snprintf(word, sizeof(word), "w%d", id);
    TYPEDPROV_SMALL((signed char)(-50 * id), (unsigned short)(65535 - id), word);
  }
  return 0;
}
