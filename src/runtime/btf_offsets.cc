#include "runtime/btf_offsets.h"

#include <bpf/btf.h>

#include <string>

#include "common/diagnostic.h"

namespace dt::runtime {

namespace {

struct MemberInfo {
  uint32_t offset;
  uint32_t type_id;
};

MemberInfo FindMember(const btf* b, int type_id, const char* struct_name, const char* name) {
  const btf_type* t = btf__type_by_id(b, type_id);
  const btf_member* m = btf_members(t);
  for (int i = 0; i < btf_vlen(t); ++i, ++m) {
    const char* member = btf__name_by_offset(b, m->name_off);
    if (member && std::string(member) == name) {
      return {btf_member_bit_offset(t, i) / 8, m->type};
    }
  }
  throw RuntimeError(std::string("kernel BTF: struct ") + struct_name + " has no member " + name);
}

}  // namespace

TaskOffsets LoadTaskOffsets() {
  btf* b = btf__load_vmlinux_btf();
  if (b == nullptr) throw RuntimeError("cannot load kernel BTF from /sys/kernel/btf/vmlinux");
  int id = btf__find_by_name_kind(b, "task_struct", BTF_KIND_STRUCT);
  if (id < 0) {
    btf__free(b);
    throw RuntimeError("kernel BTF has no struct task_struct");
  }
  TaskOffsets offs;
  try {
    offs.real_parent = FindMember(b, id, "task_struct", "real_parent").offset;
    offs.tgid = FindMember(b, id, "task_struct", "tgid").offset;
    offs.pid = FindMember(b, id, "task_struct", "pid").offset;
    offs.comm = FindMember(b, id, "task_struct", "comm").offset;
    MemberInfo se = FindMember(b, id, "task_struct", "se");
    offs.sum_exec_runtime =
        se.offset +
        FindMember(b, static_cast<int>(se.type_id), "sched_entity", "sum_exec_runtime").offset;
  } catch (...) {
    btf__free(b);
    throw;
  }
  btf__free(b);
  return offs;
}

}  // namespace dt::runtime
