/*
 * An event storm: PROCS processes (default 4) each make raw getppid system
 * calls as fast as they can for MS milliseconds (default 10000), then the
 * whole group exits 0. The workers die with the parent, so killing the
 * parent (any signal, SIGKILL included) ends the storm. Prints nothing.
 *
 *   storm [ms] [procs]
 */
#include <signal.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

int main(int argc, char **argv) {
  long long ms = argc > 1 ? atoll(argv[1]) : 10000;
  int procs = argc > 2 ? atoi(argv[2]) : 4;
  long long deadline = now_ms() + ms;
  pid_t parent = getpid();
  for (int i = 0; i < procs; ++i) {
    if (fork() == 0) {
      if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) _exit(1);
      while (now_ms() < deadline) {
        for (int j = 0; j < 1000; ++j) syscall(SYS_getppid);
      }
      _exit(0);
    }
  }
  while (wait(NULL) > 0) {
  }
  _exit(0);
}
