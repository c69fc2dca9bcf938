#include "providers/probe_args.h"

#include "common/diagnostic.h"
#include "providers/provider.h"

namespace dt {

namespace {

ProbeArg ArgFromField(const runtime::TracepointField& field) {
  ProbeArg arg;
  arg.name = field.name;
  arg.type = field.type;
  for (const char* prefix : {"__data_loc ", "__rel_loc "}) {
    std::string_view p(prefix);
    if (arg.type.compare(0, p.size(), p) == 0) arg.type.erase(0, p.size());
  }
  arg.element_type = field.element_type;
  arg.array_length = field.array_length;
  arg.offset = field.offset;
  arg.size = field.size;
  arg.is_signed = field.is_signed;
  arg.is_data_loc = field.is_data_loc;
  arg.is_rel_loc = field.is_rel_loc;
  return arg;
}

}  // namespace

std::vector<ProbeArg> ArgsFromTracepointFormat(const runtime::TracepointFormat& format) {
  std::vector<ProbeArg> args;
  for (const runtime::TracepointField& field : format.fields) {
    if (field.name == "__syscall_nr") continue;
    args.push_back(ArgFromField(field));
  }
  return args;
}

std::vector<ProbeArg> SyscallReturnArgs(const runtime::TracepointFormat* exit_format) {
  ProbeArg ret;
  ret.name = "ret";
  // Every sys_exit_* record: common fields, int __syscall_nr, long ret at 16.
  ret.offset = 16;
  ret.size = 8;
  ret.is_signed = true;
  if (exit_format != nullptr) {
    if (const runtime::TracepointField* field = exit_format->Find("ret")) {
      ret.offset = field->offset;
      ret.size = field->size;
    }
  }
  // DTrace gives both arg0 and arg1 the return value.
  ret.type = ret.element_type = "long";
  return {ret, ret};
}

std::optional<runtime::TracepointFormat> TryReadTracepointFormat(const std::string& category,
                                                                 const std::string& event) {
  try {
    return runtime::ReadTracepointFormat(category, event);
  } catch (const RuntimeError&) {
    return std::nullopt;  // gone or unreadable: see the header
  }
}

std::vector<ProbeArg> ReadProbeArgs(const Probe& probe) {
  if (probe.owner == nullptr) return {};
  return probe.owner->ReadArgs(probe);
}

}  // namespace dt
