/*
 * Makes one thread wait for a kernel lock another thread holds, for about
 * 300 ms, then exits 0. The e2e tests of the lockstat provider trace it
 * with -c.
 *
 *   lockhold pipe   a pipe's mutex (adaptive-block): thread A reads from a
 *                   pipe into a page that userfaultfd leaves missing, so
 *                   it sleeps in the copy holding the pipe's mutex; thread
 *                   B then writes to the pipe and blocks on that mutex
 *                   until the page is supplied 300 ms later
 *   lockhold file   a file's i_rwsem (rw-block, as a writer): the same
 *                   with A writing to ./lockhold.tmp from the missing page
 *                   and B writing to the same file through a second open
 *                   (one open shared by both would make B wait for its
 *                   f_pos_lock, a mutex, first)
 *
 * Exits 1 with a message on stderr if anything does not go as described.
 */
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int uffd;
static char* page;
static long page_size;
static int pipe_fds[2];
static int file_fd, file_fd2; /* two opens: no shared f_pos_lock */
static int use_file;

static void fail(const char* what) {
  perror(what);
  exit(1);
}

static void sleep_ms(long ms) {
  struct timespec t = {ms / 1000, (ms % 1000) * 1000000};
  nanosleep(&t, NULL);
}

/* Thread A: holds the lock while its copy waits for the missing page. */
static void* holder(void* arg) {
  (void)arg;
  if (use_file) {
    if (write(file_fd, page, 16) != 16) fail("write (holder)");
  } else {
    if (read(pipe_fds[0], page, 1) != 1) fail("read (holder)");
  }
  return NULL;
}

/* Thread B: wants the same lock. */
static void* waiter(void* arg) {
  (void)arg;
  if (write(use_file ? file_fd2 : pipe_fds[1], "w", 1) != 1) fail("write (waiter)");
  return NULL;
}

int main(int argc, char** argv) {
  const char* mode = argc > 1 ? argv[1] : "";
  if (strcmp(mode, "file") == 0) {
    use_file = 1;
  } else if (strcmp(mode, "pipe") != 0) {
    fprintf(stderr, "usage: lockhold pipe|file\n");
    return 2;
  }
  page_size = sysconf(_SC_PAGESIZE);
  uffd = (int)syscall(SYS_userfaultfd, O_CLOEXEC);
  if (uffd < 0) fail("userfaultfd");
  struct uffdio_api api = {.api = UFFD_API};
  if (ioctl(uffd, UFFDIO_API, &api) < 0) fail("UFFDIO_API");
  page = mmap(NULL, (size_t)page_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (page == MAP_FAILED) fail("mmap");
  struct uffdio_register reg = {.range = {(unsigned long)page, (unsigned long)page_size},
                                .mode = UFFDIO_REGISTER_MODE_MISSING};
  if (ioctl(uffd, UFFDIO_REGISTER, &reg) < 0) fail("UFFDIO_REGISTER");
  if (use_file) {
    file_fd = open("lockhold.tmp", O_RDWR | O_CREAT | O_TRUNC, 0600);
    file_fd2 = open("lockhold.tmp", O_RDWR);
    if (file_fd < 0 || file_fd2 < 0) fail("open");
  } else {
    if (pipe(pipe_fds) < 0) fail("pipe");
    if (write(pipe_fds[1], "r", 1) != 1) fail("write");
  }

  pthread_t a, b;
  if (pthread_create(&a, NULL, holder, NULL) != 0) fail("pthread_create");
  struct pollfd p = {.fd = uffd, .events = POLLIN};
  if (poll(&p, 1, 10000) != 1) fail("poll (no fault)");
  struct uffd_msg msg;
  if (read(uffd, &msg, sizeof(msg)) != sizeof(msg) || msg.event != UFFD_EVENT_PAGEFAULT)
    fail("read (uffd)");
  if (pthread_create(&b, NULL, waiter, NULL) != 0) fail("pthread_create");
  sleep_ms(300);
  static char source[65536];
  memset(source, 's', sizeof(source));
  struct uffdio_copy copy = {
      .dst = (unsigned long)page, .src = (unsigned long)source, .len = (unsigned long)page_size};
  if (ioctl(uffd, UFFDIO_COPY, &copy) < 0) fail("UFFDIO_COPY");
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  if (use_file) unlink("lockhold.tmp");
  return 0;
}
