#include "elf/object_cache.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace dt::elf {
namespace {

// [vdso] is a page or two; anything much larger is not one.
constexpr uint64_t kMaxVdsoSize = 1 << 20;

std::unique_ptr<ElfFile> OpenMapped(pid_t pid, const Mapping& m, std::string* error) {
  char map_file[96];
  snprintf(map_file, sizeof map_file, "/proc/%d/map_files/%llx-%llx", int(pid),
           static_cast<unsigned long long>(m.start), static_cast<unsigned long long>(m.end));
  int fd = open(map_file, O_RDONLY | O_CLOEXEC);
  if (fd >= 0) {
    auto f = ElfFile::OpenFd(fd, m.path, error);
    close(fd);
    return f;
  }
  if (pid > 0) {
    std::string rooted = "/proc/" + std::to_string(pid) + "/root" + m.path;
    fd = open(rooted.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd >= 0) {
      auto f = ElfFile::OpenFd(fd, m.path, error);
      close(fd);
      return f;
    }
  }
  return ElfFile::Open(m.path, error);
}

}  // namespace

const SymbolTable& ObjectFile::symbols() const {
  std::call_once(symbols_once_, [this] { symbols_ = SymbolTable::Load(*elf_); });
  return symbols_;
}

const UnwindTable& ObjectFile::unwind_table() const {
  std::call_once(unwind_once_, [this] { unwind_ = UnwindTable::Build(*elf_); });
  return unwind_;
}

const SdtProbes& ObjectFile::sdt_probes() const {
  std::call_once(sdt_once_, [this] { sdt_ = ReadSdtProbes(*elf_); });
  return sdt_;
}

std::shared_ptr<const ObjectFile> ObjectCache::Open(const FileKey& key,
                                                    std::unique_ptr<ElfFile> elf) {
  // Called with mu_ held.
  auto obj = std::make_shared<const ObjectFile>(std::move(elf));
  by_file_[key] = obj;
  return obj;
}

std::shared_ptr<const ObjectFile> ObjectCache::ForMapping(pid_t pid, const Mapping& m,
                                                          std::string* error) {
  if (m.path == "[vdso]") return ForVdso(pid, m, error);
  if (!m.is_file()) {
    *error = m.path.empty() ? "anonymous memory" : m.path + " is not a file";
    return nullptr;
  }
  FileKey key{m.dev_major, m.dev_minor, m.inode};
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = by_file_.find(key);
    if (it != by_file_.end()) return it->second;
    auto failed = failures_.find(key);
    if (failed != failures_.end()) {
      *error = failed->second;
      return nullptr;
    }
  }
  // Open outside the lock: reading a large object takes a while.
  auto elf = OpenMapped(pid, m, error);
  std::lock_guard<std::mutex> lock(mu_);
  auto it = by_file_.find(key);
  if (it != by_file_.end()) return it->second;
  if (elf == nullptr) {
    failures_[key] = *error;
    return nullptr;
  }
  return Open(key, std::move(elf));
}

std::shared_ptr<const ObjectFile> ObjectCache::ForPath(const std::string& path,
                                                       std::string* error) {
  struct stat st;
  if (stat(path.c_str(), &st) != 0) {
    *error = path + ": " + std::strerror(errno);
    return nullptr;
  }
  FileKey key{major(st.st_dev), minor(st.st_dev), st.st_ino};
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = by_file_.find(key);
    if (it != by_file_.end()) return it->second;
  }
  auto elf = ElfFile::Open(path, error);
  if (elf == nullptr) return nullptr;
  std::lock_guard<std::mutex> lock(mu_);
  auto it = by_file_.find(key);
  if (it != by_file_.end()) return it->second;
  return Open(key, std::move(elf));
}

std::shared_ptr<const ObjectFile> ObjectCache::ForVdso(pid_t pid, const Mapping& m,
                                                       std::string* error) {
  uint64_t size = m.end - m.start;
  if (size == 0 || size > kMaxVdsoSize) {
    *error = "[vdso] mapping of unexpected size";
    return nullptr;
  }
  std::string image(size, '\0');
  struct iovec local = {image.data(), image.size()};
  struct iovec remote = {reinterpret_cast<void*>(m.start), image.size()};
  ssize_t n = process_vm_readv(pid, &local, 1, &remote, 1, 0);
  if (n != ssize_t(size)) {
    *error = "[vdso]: cannot read process " + std::to_string(pid) +
             " memory: " + (n < 0 ? std::strerror(errno) : "short read");
    return nullptr;
  }
  auto elf = ElfFile::FromBytes(std::move(image), "[vdso]", error);
  if (elf == nullptr) return nullptr;
  // Every process of one kernel maps the same image: keep one per build id.
  std::lock_guard<std::mutex> lock(mu_);
  if (!elf->build_id().empty()) {
    auto it = vdso_by_build_id_.find(elf->build_id());
    if (it != vdso_by_build_id_.end()) return it->second;
  }
  auto obj = std::make_shared<const ObjectFile>(std::move(elf));
  if (!obj->elf().build_id().empty()) vdso_by_build_id_[obj->elf().build_id()] = obj;
  return obj;
}

size_t ObjectCache::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return by_file_.size();
}

}  // namespace dt::elf
