// dlopen_target [calls] [delay_ms] [linger_ms]: waits delay_ms (default 0;
// -1: until a SIGUSR1 comes), then loads libdltest.so (beside this
// program) with dlopen(3) and calls its dl_work() `calls` times (default
// 5) with 1, 2, 3, ...; sleeps linger_ms (default 0), dlcloses it and exits
// 0 (1 if the library cannot be loaded). Prints nothing.
#include <dlfcn.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void Sleep(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&ts, NULL);
}

int main(int argc, char** argv) {
  int calls = argc > 1 ? atoi(argv[1]) : 5;
  long delay_ms = argc > 2 ? atol(argv[2]) : 0;
  long linger_ms = argc > 3 ? atol(argv[3]) : 0;
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
  char path[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", path, sizeof path - 32);
  if (n <= 0) return 1;
  path[n] = '\0';
  char* slash = strrchr(path, '/');
  strcpy(slash ? slash + 1 : path, "libdltest.so");
  void* lib = dlopen(path, RTLD_NOW);
  if (lib == NULL) {
    fprintf(stderr, "dlopen_target: %s\n", dlerror());
    return 1;
  }
  int (*work)(int) = (int (*)(int))dlsym(lib, "dl_work");
  if (work == NULL) return 1;
  int sum = 0;
  for (int i = 1; i <= calls; ++i) sum += work(i);
  if (linger_ms > 0) Sleep(linger_ms);
  dlclose(lib);
  return sum > 0 ? 0 : 1;
}
