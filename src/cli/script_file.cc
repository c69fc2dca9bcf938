#include "cli/script_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "common/diagnostic.h"
#include "runtime/unique_fd.h"

namespace dt {
namespace {

[[noreturn]] void Fail(const std::string& path, int error, const std::string& detail = "") {
  throw RuntimeError("failed to open " + path + ": " + strerror(error) + detail);
}

}  // namespace

std::string ReadScriptFile(const std::string& path, size_t max_size) {
  runtime::UniqueFd fd(open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (!fd) Fail(path, errno);
  struct stat st {};
  if (fstat(fd.get(), &st) != 0) Fail(path, errno);
  if (S_ISDIR(st.st_mode)) Fail(path, EISDIR);
  std::string limit = " (a script may hold at most " +
                      (max_size % (1 << 20) == 0 ? std::to_string(max_size >> 20) + " MiB"
                                                 : std::to_string(max_size) + " bytes") +
                      ")";
  if (S_ISREG(st.st_mode) && static_cast<uint64_t>(st.st_size) > max_size) Fail(path, EFBIG, limit);

  std::string text;
  char buf[65536];
  for (;;) {
    ssize_t n = read(fd.get(), buf, sizeof(buf));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) Fail(path, errno);
    if (n == 0) break;
    if (text.size() + static_cast<size_t>(n) > max_size) Fail(path, EFBIG, limit);
    text.append(buf, static_cast<size_t>(n));
  }
  return text;
}

}  // namespace dt
