#include "consumer/output_redirect.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace dt {

OutputRedirect::~OutputRedirect() {
  if (original_ >= 0) close(original_);
}

std::string OutputRedirect::Reopen(const std::string& path) {
  fflush(out_);
  int target = fileno(out_);
  if (path.empty()) {
    if (original_ < 0) return "";  // not redirected
    if (dup2(original_, target) < 0) return strerror(errno);
    close(original_);
    original_ = -1;
    return "";
  }
  int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
  if (fd < 0) return strerror(errno);
  if (original_ < 0) {
    original_ = fcntl(target, F_DUPFD_CLOEXEC, 0);
    if (original_ < 0) {
      int e = errno;
      close(fd);
      return strerror(e);
    }
  }
  int result = dup2(fd, target);
  int e = errno;
  close(fd);
  return result < 0 ? strerror(e) : "";
}

void OutputRedirect::Truncate() {
  fflush(out_);
  int fd = fileno(out_);
  if (ftruncate(fd, 0) < 0) return;
  // A file not opened for appending would write on where it was.
  lseek(fd, 0, SEEK_SET);
}

}  // namespace dt
