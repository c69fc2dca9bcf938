#include "elf/proc_maps.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>

#include "elf/elf_file.h"

namespace dt::elf {
namespace {

constexpr std::string_view kDeletedSuffix = " (deleted)";
constexpr uint64_t kPageSize = 4096;

bool ReadWholeFile(const std::string& path, std::string* out, std::string* error) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    *error = path + ": " + std::strerror(errno);
    return false;
  }
  out->clear();
  char buf[65536];
  for (;;) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      *error = path + ": " + std::strerror(errno);
      close(fd);
      return false;
    }
    if (n == 0) break;
    out->append(buf, n);
  }
  close(fd);
  return true;
}

// Consumes a hex number from the front of s.
bool TakeHex(std::string_view* s, uint64_t* v) {
  auto [p, ec] = std::from_chars(s->data(), s->data() + s->size(), *v, 16);
  if (ec != std::errc() || p == s->data()) return false;
  s->remove_prefix(p - s->data());
  return true;
}

bool TakeChar(std::string_view* s, char c) {
  if (s->empty() || s->front() != c) return false;
  s->remove_prefix(1);
  return true;
}

void SkipSpaces(std::string_view* s) {
  while (!s->empty() && (s->front() == ' ' || s->front() == '\t')) s->remove_prefix(1);
}

// "start-end perms offset major:minor inode [path]"
bool ParseLine(std::string_view line, Mapping* m) {
  uint64_t major, minor;
  if (!TakeHex(&line, &m->start) || !TakeChar(&line, '-') || !TakeHex(&line, &m->end) ||
      m->end < m->start || !TakeChar(&line, ' ') || line.size() < 4) {
    return false;
  }
  std::string_view perms = line.substr(0, 4);
  m->read = perms[0] == 'r';
  m->write = perms[1] == 'w';
  m->exec = perms[2] == 'x';
  m->shared = perms[3] == 's';
  line.remove_prefix(4);
  if (!TakeChar(&line, ' ') || !TakeHex(&line, &m->offset) || !TakeChar(&line, ' ') ||
      !TakeHex(&line, &major) || !TakeChar(&line, ':') || !TakeHex(&line, &minor) ||
      !TakeChar(&line, ' ')) {
    return false;
  }
  m->dev_major = uint32_t(major);
  m->dev_minor = uint32_t(minor);
  auto [p, ec] = std::from_chars(line.data(), line.data() + line.size(), m->inode, 10);
  if (ec != std::errc()) return false;
  line.remove_prefix(p - line.data());
  SkipSpaces(&line);
  if (line.size() >= kDeletedSuffix.size() &&
      line.substr(line.size() - kDeletedSuffix.size()) == kDeletedSuffix) {
    line.remove_suffix(kDeletedSuffix.size());
    m->deleted = true;
  }
  m->path = std::string(line);
  return true;
}

}  // namespace

std::optional<ProcessMaps> ProcessMaps::Read(pid_t pid, std::string* error) {
  std::string base = "/proc/" + std::to_string(pid);
  std::string text;
  if (!ReadWholeFile(base + "/maps", &text, error)) return std::nullopt;
  char exe[4096];
  ssize_t n = readlink((base + "/exe").c_str(), exe, sizeof exe - 1);
  std::string exe_path;
  if (n > 0) {
    exe_path.assign(exe, n);
    if (exe_path.size() > kDeletedSuffix.size() &&
        exe_path.compare(exe_path.size() - kDeletedSuffix.size(), std::string::npos,
                         kDeletedSuffix) == 0) {
      exe_path.resize(exe_path.size() - kDeletedSuffix.size());
    }
  }
  ProcessMaps maps = Parse(text, exe_path);
  maps.pid_ = pid;
  return maps;
}

ProcessMaps ProcessMaps::Parse(std::string_view text, std::string executable_path) {
  ProcessMaps maps;
  maps.executable_path_ = std::move(executable_path);
  while (!text.empty()) {
    size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    if (line.empty()) continue;
    Mapping m;
    if (ParseLine(line, &m)) {
      maps.mappings_.push_back(std::move(m));
    } else {
      ++maps.skipped_lines_;
    }
  }
  std::stable_sort(maps.mappings_.begin(), maps.mappings_.end(),
                   [](const Mapping& a, const Mapping& b) { return a.start < b.start; });
  return maps;
}

const Mapping* ProcessMaps::Find(uint64_t addr) const {
  auto it = std::upper_bound(mappings_.begin(), mappings_.end(), addr,
                             [](uint64_t a, const Mapping& m) { return a < m.start; });
  if (it == mappings_.begin()) return nullptr;
  --it;
  return it->Contains(addr) ? &*it : nullptr;
}

bool ProcessMaps::IsMainExecutable(const Mapping& m) const {
  return !executable_path_.empty() && m.is_file() && m.path == executable_path_;
}

std::vector<const Mapping*> ProcessMaps::MappingsOfFile(const Mapping& m) const {
  std::vector<const Mapping*> out;
  for (const Mapping& other : mappings_) {
    if (other.inode == m.inode && other.dev_major == m.dev_major &&
        other.dev_minor == m.dev_minor && other.path == m.path) {
      out.push_back(&other);
    }
  }
  return out;
}

std::string ModuleName(std::string_view path) {
  if (path.size() >= kDeletedSuffix.size() &&
      path.substr(path.size() - kDeletedSuffix.size()) == kDeletedSuffix) {
    path.remove_suffix(kDeletedSuffix.size());
  }
  if (!path.empty() && path.front() == '[') return std::string(path);
  size_t slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

std::vector<std::string> ModuleAliases(std::string_view name) {
  std::vector<std::string> out{std::string(name)};
  for (size_t dot = name.rfind('.'); dot != std::string_view::npos && dot > 0;
       dot = name.rfind('.', dot - 1)) {
    out.emplace_back(name.substr(0, dot));
  }
  return out;
}

std::optional<uint64_t> Normalize(const Mapping& m, const ElfFile& elf, uint64_t addr) {
  if (!m.Contains(addr)) return std::nullopt;
  uint64_t file_offset = m.FileOffset(addr);
  if (auto v = elf.FileOffsetToVaddr(file_offset)) return v;
  // Past the file-backed bytes of a segment (its .bss tail in the same
  // page): use the segment that starts at this mapping's page.
  for (const LoadSegment& s : elf.load_segments()) {
    if ((s.offset & ~(kPageSize - 1)) != m.offset) continue;
    uint64_t page_vaddr = s.vaddr & ~(kPageSize - 1);
    uint64_t v = addr - m.start + page_vaddr;
    if (s.ContainsVaddr(v)) return v;
  }
  return std::nullopt;
}

}  // namespace dt::elf
