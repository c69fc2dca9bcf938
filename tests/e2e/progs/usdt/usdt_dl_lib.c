// libusdtdl.so: a shared library of ours with <sys/sdt.h> probes (provider
// usdtdl) that usdt_dlopen_target loads with dlopen(3) after it has
// started, for USDT probes in libraries loaded later. Their arguments take
// operands of every kind the notes have: registers, a constant, memory at
// a base register plus displacement, at base + index * scale, and at a
// symbol (rip-relative), of several sizes and signs; one probe sits at two
// sites with its argument in different places; one is behind a semaphore
// (usdt_dl_guarded.c: <sys/sdt.h> gives every probe of a file that has
// semaphores one).
#include <sys/sdt.h>

void usdtdl_guarded(int i);

long usdtdl_table[4] = {5, 50, 500, 5000};
static volatile int usdtdl_global = -9;

// clang (the sanitized test build's compiler) has no noipa.
#if defined(__clang__)
#define NOIPA __attribute__((noinline))
#else
#define NOIPA __attribute__((noipa))
#endif

// Two sites of usdtdl:::twice, each passing its argument from its own place.
NOIPA static int twice(int a, long b) {
  STAP_PROBE1(usdtdl, twice, a);
  STAP_PROBE1(usdtdl, twice, b * 3);
  return a;
}

// Fires usdtdl:::fire with i (1, 2, ...), -i as a short, 7, usdtdl_table[i & 3],
// usdtdl_global and 10 * i from the stack; then twice(i, i + 1), and
// usdtdl:::guarded (i, the semaphore) while a tracer counts its semaphore up.
NOIPA int usdtdl_fire(int i) {
  volatile long on_stack = 10L * i;
  short negated = (short)-i;
  STAP_PROBE6(usdtdl, fire, i, negated, 7, usdtdl_table[i & 3], usdtdl_global, on_stack);
  usdtdl_guarded(i);
  return twice(i, i + 1);
}
