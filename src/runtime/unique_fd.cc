#include "runtime/unique_fd.h"

#include <unistd.h>

namespace dt::runtime {

void UniqueFd::Reset(int fd) {
  if (fd_ >= 0) close(fd_);
  fd_ = fd;
}

}  // namespace dt::runtime
