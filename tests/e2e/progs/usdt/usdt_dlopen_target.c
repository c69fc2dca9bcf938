// usdt_dlopen_target [calls] [delay_ms] [linger_ms]: fires its own probe
// usdtdl:::start (calls, 1); waits delay_ms (default 0; -1: until a SIGUSR1
// comes); then, unless calls is 0, loads libusdtdl.so (beside this
// program) with dlopen(3) and calls its usdtdl_fire() `calls` times
// (default 3) with 1, 2, 3, ... (see usdt_dl_lib.c for the probes they
// fire); sleeps linger_ms (default 0), fires usdtdl:::end (calls), dlcloses
// the library and exits 0 (1 if it cannot be loaded). Prints nothing.
#include <dlfcn.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sdt.h>
#include <time.h>
#include <unistd.h>

static void Sleep(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&ts, NULL);
}

int main(int argc, char** argv) {
  int calls = argc > 1 ? atoi(argv[1]) : 3;
  long delay_ms = argc > 2 ? atol(argv[2]) : 0;
  long linger_ms = argc > 3 ? atol(argv[3]) : 0;
  STAP_PROBE2(usdtdl, start, calls, argc > 0);
  if (delay_ms < 0) {
    sigset_t usr1;
    sigemptyset(&usr1);
    sigaddset(&usr1, SIGUSR1);
    sigprocmask(SIG_BLOCK, &usr1, NULL);
    int sig = 0;
    sigwait(&usr1, &sig);
  } else if (delay_ms > 0) {
    Sleep(delay_ms);
  }
  void* lib = NULL;
  if (calls > 0) {
    char path[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", path, sizeof path - 32);
    if (n <= 0) return 1;
    path[n] = '\0';
    char* slash = strrchr(path, '/');
    strcpy(slash ? slash + 1 : path, "libusdtdl.so");
    lib = dlopen(path, RTLD_NOW);
    if (lib == NULL) {
      fprintf(stderr, "usdt_dlopen_target: %s\n", dlerror());
      return 1;
    }
    int (*fire)(int) = (int (*)(int))dlsym(lib, "usdtdl_fire");
    if (fire == NULL) return 1;
    for (int i = 1; i <= calls; ++i) fire(i);
  }
  if (linger_ms > 0) Sleep(linger_ms);
  STAP_PROBE1(usdtdl, end, calls);
  if (lib != NULL) dlclose(lib);
  return 0;
}
