#include "runtime/tracefs.h"

#include <dirent.h>
#include <linux/magic.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>
#include <sstream>

#include "common/diagnostic.h"

namespace dt::runtime {
namespace {

constexpr const char* kTracefsPath = "/sys/kernel/tracing";
constexpr const char* kDebugfsTracingPath = "/sys/kernel/debug/tracing";

bool IsTracefs(const char* path) {
  struct statfs fs;
  if (statfs(path, &fs) != 0) return false;
  return fs.f_type == TRACEFS_MAGIC;
}

std::string FindOrMountTracefs() {
  if (IsTracefs(kTracefsPath)) return kTracefsPath;
  // Older setups only have tracefs automounted below debugfs.
  std::string old_events = std::string(kDebugfsTracingPath) + "/events";
  if (IsTracefs(kDebugfsTracingPath) || access(old_events.c_str(), R_OK) == 0) {
    return kDebugfsTracingPath;
  }
  if (mount("nodev", kTracefsPath, "tracefs", 0, nullptr) != 0) {
    throw RuntimeError(std::string("cannot mount tracefs at ") + kTracefsPath + ": " +
                       std::strerror(errno));
  }
  return kTracefsPath;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) return {};
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string_view Trim(std::string_view s) {
  size_t begin = s.find_first_not_of(" \t\r\n");
  if (begin == std::string_view::npos) return {};
  size_t end = s.find_last_not_of(" \t\r\n");
  return s.substr(begin, end - begin + 1);
}

std::vector<std::string> SubdirectoryNames(const std::string& path) {
  std::vector<std::string> names;
  DIR* dir = opendir(path.c_str());
  if (dir == nullptr) return names;
  while (dirent* entry = readdir(dir)) {
    if (entry->d_name[0] == '.') continue;
    if (entry->d_type != DT_DIR && entry->d_type != DT_UNKNOWN) continue;
    names.emplace_back(entry->d_name);
  }
  closedir(dir);
  std::sort(names.begin(), names.end());
  return names;
}

std::string EventDir(const std::string& category, const std::string& name) {
  return TracefsRoot() + "/events/" + category + "/" + name;
}

[[noreturn]] void ThrowNoTracepoint(const std::string& category, const std::string& name) {
  throw RuntimeError("tracepoint " + category + ":" + name + " does not exist");
}

bool ParseUnsigned(std::string_view text, uint32_t* out) {
  text = Trim(text);
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
  return ec == std::errc() && end == text.data() + text.size() && !text.empty();
}

bool IsIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Splits "const char * filename" / "char comm[16]" / "__data_loc char[] name"
// into the field's name and its type.
void ParseDeclaration(std::string_view decl, TracepointField* field) {
  decl = Trim(decl);
  std::string array_suffix;
  // A fixed array puts its bounds after the name: "char comm[16]".
  if (!decl.empty() && decl.back() == ']') {
    size_t open = decl.rfind('[');
    if (open != std::string_view::npos && open > 0 && IsIdentChar(decl[open - 1])) {
      array_suffix = std::string(decl.substr(open));
      decl = Trim(decl.substr(0, open));
    }
  }
  size_t name_begin = decl.size();
  while (name_begin > 0 && IsIdentChar(decl[name_begin - 1])) --name_begin;
  if (name_begin == decl.size() || name_begin == 0) {
    throw RuntimeError("malformed tracepoint field declaration '" + std::string(decl) + "'");
  }
  field->name = std::string(decl.substr(name_begin));
  std::string type(Trim(decl.substr(0, name_begin)));
  for (const char* prefix : {"__data_loc ", "__rel_loc "}) {
    if (type.rfind(prefix, 0) == 0) {
      (prefix[2] == 'd' ? field->is_data_loc : field->is_rel_loc) = true;
    }
  }
  type += array_suffix;
  field->type = type;

  // Element type and length for any array form: "char[16]", "char[]".
  std::string element = type;
  if (field->is_data_loc || field->is_rel_loc) element = element.substr(element.find(' ') + 1);
  if (!element.empty() && element.back() == ']') {
    size_t open = element.rfind('[');
    std::string_view bound = std::string_view(element).substr(open + 1);
    bound.remove_suffix(1);
    uint32_t length = 0;
    field->array_length = ParseUnsigned(bound, &length) ? static_cast<int>(length) : 0;
    element = std::string(Trim(std::string_view(element).substr(0, open)));
  }
  field->element_type = element;
}

// "field:...;\toffset:8;\tsize:4;\tsigned:1;"
TracepointField ParseFieldLine(std::string_view line) {
  TracepointField field;
  bool have_offset = false, have_size = false;
  size_t pos = 0;
  while (pos < line.size()) {
    size_t semi = line.find(';', pos);
    if (semi == std::string_view::npos) semi = line.size();
    std::string_view part = Trim(line.substr(pos, semi - pos));
    pos = semi + 1;
    if (part.empty()) continue;
    size_t colon = part.find(':');
    if (colon == std::string_view::npos) continue;
    std::string_view key = part.substr(0, colon);
    std::string_view value = part.substr(colon + 1);
    uint32_t number = 0;
    if (key == "field") {
      ParseDeclaration(value, &field);
    } else if (key == "offset" && ParseUnsigned(value, &number)) {
      field.offset = number;
      have_offset = true;
    } else if (key == "size" && ParseUnsigned(value, &number)) {
      field.size = number;
      have_size = true;
    } else if (key == "signed" && ParseUnsigned(value, &number)) {
      field.is_signed = number != 0;
    }
  }
  if (field.name.empty() || !have_offset || !have_size) {
    throw RuntimeError("malformed tracepoint format line '" + std::string(line) + "'");
  }
  return field;
}

}  // namespace

std::string TracefsRoot() { return FindOrMountTracefs(); }

std::optional<std::string> ReadTracefsFile(const std::string& name) {
  std::string root;
  try {
    root = TracefsRoot();
  } catch (const RuntimeError&) {
    return std::nullopt;
  }
  std::ifstream in(root + "/" + name);
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  if (in.bad() || text.str().empty()) return std::nullopt;
  return text.str();
}

std::vector<std::string> ListSyscallTracepoints() {
  std::vector<std::string> names;
  constexpr std::string_view kPrefix = "sys_enter_";
  for (const std::string& dir : SubdirectoryNames(TracefsRoot() + "/events/syscalls")) {
    if (dir.rfind(kPrefix, 0) == 0) names.push_back(dir.substr(kPrefix.size()));
  }
  return names;
}

std::vector<std::pair<std::string, std::string>> ListTracepoints() {
  std::vector<std::pair<std::string, std::string>> tracepoints;
  std::string events = TracefsRoot() + "/events";
  for (const std::string& category : SubdirectoryNames(events)) {
    for (const std::string& name : SubdirectoryNames(events + "/" + category)) {
      std::string id_path = events + "/" + category + "/" + name + "/id";
      if (access(id_path.c_str(), F_OK) == 0) tracepoints.emplace_back(category, name);
    }
  }
  return tracepoints;
}

std::vector<std::pair<std::string, std::string>> ParseAvailableEvents(std::string_view text) {
  std::vector<std::pair<std::string, std::string>> events;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    std::string_view line = Trim(text.substr(pos, eol - pos));
    pos = eol + 1;
    size_t colon = line.find(':');
    if (colon == std::string_view::npos || colon == 0 || colon + 1 == line.size()) continue;
    events.emplace_back(std::string(line.substr(0, colon)), std::string(line.substr(colon + 1)));
  }
  std::sort(events.begin(), events.end());
  events.erase(std::unique(events.begin(), events.end()), events.end());
  return events;
}

std::vector<std::pair<std::string, std::string>> ListAvailableEvents() {
  std::string text = ReadFile(TracefsRoot() + "/available_events");
  if (text.empty()) return ListTracepoints();
  return ParseAvailableEvents(text);
}

bool TracepointExists(const std::string& category, const std::string& name) {
  if (category.find('/') != std::string::npos || name.find('/') != std::string::npos ||
      category.empty() || name.empty() || category[0] == '.' || name[0] == '.') {
    return false;
  }
  return access((EventDir(category, name) + "/id").c_str(), F_OK) == 0;
}

uint32_t TracepointId(const std::string& category, const std::string& name) {
  if (!TracepointExists(category, name)) ThrowNoTracepoint(category, name);
  uint32_t id = 0;
  if (!ParseUnsigned(ReadFile(EventDir(category, name) + "/id"), &id)) {
    throw RuntimeError("cannot read the id of tracepoint " + category + ":" + name);
  }
  return id;
}

const TracepointField* TracepointFormat::Find(std::string_view field_name) const {
  for (const TracepointField& field : fields) {
    if (field.name == field_name) return &field;
  }
  return nullptr;
}

TracepointFormat ParseTracepointFormat(std::string_view text) {
  TracepointFormat format;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    std::string_view line = Trim(text.substr(pos, eol - pos));
    pos = eol + 1;
    if (line.rfind("name:", 0) == 0) {
      format.name = std::string(Trim(line.substr(5)));
    } else if (line.rfind("ID:", 0) == 0) {
      if (!ParseUnsigned(line.substr(3), &format.id)) {
        throw RuntimeError("malformed tracepoint format line '" + std::string(line) + "'");
      }
    } else if (line.rfind("field:", 0) == 0) {
      TracepointField field = ParseFieldLine(line);
      bool common = field.name.rfind("common_", 0) == 0;
      (common ? format.common_fields : format.fields).push_back(std::move(field));
    } else if (line.rfind("print fmt:", 0) == 0) {
      format.print_fmt = std::string(Trim(line.substr(10)));
    }
  }
  return format;
}

TracepointFormat ReadTracepointFormat(const std::string& category, const std::string& name) {
  if (!TracepointExists(category, name)) ThrowNoTracepoint(category, name);
  std::string text = ReadFile(EventDir(category, name) + "/format");
  if (text.empty()) {
    throw RuntimeError("cannot read the format of tracepoint " + category + ":" + name);
  }
  return ParseTracepointFormat(text);
}

}  // namespace dt::runtime
