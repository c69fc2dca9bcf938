// tracefs: where the kernel describes its tracepoints.
//
// TracefsRoot() finds the tracefs mount (/sys/kernel/tracing, else the old
// /sys/kernel/debug/tracing) and mounts tracefs at /sys/kernel/tracing when
// neither is there. The other helpers read below that root:
//   events/<category>/<name>/id      the perf tracepoint id
//   events/<category>/<name>/format  the record layout (ParseTracepointFormat)
// Every failure throws dt::RuntimeError with a plain message naming the path
// or tracepoint, e.g.
//   "cannot mount tracefs at /sys/kernel/tracing: Operation not permitted"
//   "tracepoint syscalls:sys_enter_nosuch does not exist"
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dt::runtime {

// Absolute path of the tracefs root, without trailing slash. Not cached: it
// costs a statfs(2), and the answer can change (someone unmounts tracefs).
std::string TracefsRoot();

// The whole text of a file below the tracefs root ("available_filter_functions");
// nullopt when tracefs cannot be found or mounted, the file cannot be read,
// or it reads empty (some sandboxes let it open and then give nothing).
std::optional<std::string> ReadTracefsFile(const std::string& name);

// Syscall names that have an entry tracepoint, i.e. every
// events/syscalls/sys_enter_<name>, returned as "<name>", sorted.
std::vector<std::string> ListSyscallTracepoints();

// Every tracepoint as (category, name), sorted, from events/*/*/ (only
// directories that have an id file).
std::vector<std::pair<std::string, std::string>> ListTracepoints();

// The events the kernel lists in available_events ("category:name" lines),
// as (category, name), sorted. One read of one file, so it stays fast with
// thousands of events; unlike ListTracepoints it leaves out ftrace's internal
// events (events/ftrace/*), which cannot be attached to. Falls back to
// ListTracepoints when available_events cannot be read.
std::vector<std::pair<std::string, std::string>> ListAvailableEvents();

// Parses the text of available_events; lines without a colon are skipped.
std::vector<std::pair<std::string, std::string>> ParseAvailableEvents(std::string_view text);

bool TracepointExists(const std::string& category, const std::string& name);

// The perf id of a tracepoint (for PERF_TYPE_TRACEPOINT config).
// Throws RuntimeError naming "category:name" if it does not exist.
uint32_t TracepointId(const std::string& category, const std::string& name);

// One "field:" line of a format file, e.g.
//   field:const char * filename;  offset:24;  size:8;  signed:0;
// gives name "filename", type "const char *".
struct TracepointField {
  std::string name;          // "filename", "comm", "__syscall_nr"
  std::string type;          // declaration without the name: "const char *",
                             // "char[16]", "__data_loc char[]", "unsigned long"
  std::string element_type;  // for arrays the element type ("char"), else == type
  int array_length = -1;     // -1 not an array, 0 for "[]", else the length
  bool is_data_loc = false;  // "__data_loc": a u32 (len << 16 | offset) in the record
  bool is_rel_loc = false;   // "__rel_loc": like __data_loc, offset relative to the
                             // end of this field
  uint32_t offset = 0;       // byte offset from the start of the record
  uint32_t size = 0;         // bytes
  bool is_signed = false;
};

struct TracepointFormat {
  std::string name;  // the "name:" line, e.g. "sys_enter_read"
  uint32_t id = 0;   // the "ID:" line
  // The common_* fields shared by every tracepoint (common_type, common_pid...).
  std::vector<TracepointField> common_fields;
  // The tracepoint's own fields, in record order (e.g. __syscall_nr, fd, buf, count).
  std::vector<TracepointField> fields;
  std::string print_fmt;  // text after "print fmt: ", verbatim

  // Looks a field up among `fields` (not common_fields); nullptr if absent.
  const TracepointField* Find(std::string_view field_name) const;
};

// Parses the text of a format file. Throws RuntimeError on malformed field lines.
TracepointFormat ParseTracepointFormat(std::string_view text);

// Reads and parses events/<category>/<name>/format.
// Throws RuntimeError naming "category:name" if it does not exist.
TracepointFormat ReadTracepointFormat(const std::string& category, const std::string& name);

}  // namespace dt::runtime
