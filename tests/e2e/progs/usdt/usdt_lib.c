// The usdt tests' shared library: a probe behind a semaphore (an
// is-enabled probe, as python's are), which fires only while a tracer has
// counted the semaphore up, and reports the count it saw.
#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>

unsigned short usdt_test_guarded_semaphore __attribute__((section(".probes"), used));

void usdt_lib_fire(int n) {
  if (usdt_test_guarded_semaphore) STAP_PROBE2(usdt_test, guarded, n, usdt_test_guarded_semaphore);
}
