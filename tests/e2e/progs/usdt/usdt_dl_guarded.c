// libusdtdl.so's probe behind a semaphore (see usdt_dl_lib.c): it fires
// only while a tracer has counted the semaphore up, and reports the count.
#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>

unsigned short usdtdl_guarded_semaphore __attribute__((section(".probes"), used));

void usdtdl_guarded(int i) {
  if (usdtdl_guarded_semaphore) STAP_PROBE2(usdtdl, guarded, i, usdtdl_guarded_semaphore);
}
