#include "runtime/tracefs.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "common/diagnostic.h"
#include "runtime/test_insns.h"

namespace dt::runtime {
namespace {

constexpr const char* kExecFormat =
    "name: sched_process_exec\n"
    "ID: 365\n"
    "format:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
    "\n"
    "\tfield:__data_loc char[] filename;\toffset:8;\tsize:4;\tsigned:0;\n"
    "\tfield:pid_t pid;\toffset:12;\tsize:4;\tsigned:1;\n"
    "\tfield:char comm[16];\toffset:16;\tsize:16;\tsigned:0;\n"
    "\tfield:const char * name;\toffset:32;\tsize:8;\tsigned:0;\n"
    "\n"
    "print fmt: \"filename=%s pid=%d\", __get_str(filename), REC->pid\n";

TEST(TracepointFormatTest, ParsesHeaderAndCommonFields) {
  TracepointFormat format = ParseTracepointFormat(kExecFormat);
  EXPECT_EQ(format.name, "sched_process_exec");
  EXPECT_EQ(format.id, 365u);
  ASSERT_EQ(format.common_fields.size(), 2u);
  EXPECT_EQ(format.common_fields[1].name, "common_pid");
  EXPECT_EQ(format.common_fields[1].type, "int");
  EXPECT_TRUE(format.common_fields[1].is_signed);
  EXPECT_EQ(format.print_fmt, "\"filename=%s pid=%d\", __get_str(filename), REC->pid");
}

TEST(TracepointFormatTest, ParsesEveryDeclarationShape) {
  TracepointFormat format = ParseTracepointFormat(kExecFormat);
  ASSERT_EQ(format.fields.size(), 4u);

  const TracepointField* filename = format.Find("filename");
  ASSERT_NE(filename, nullptr);
  EXPECT_EQ(filename->type, "__data_loc char[]");
  EXPECT_EQ(filename->element_type, "char");
  EXPECT_TRUE(filename->is_data_loc);
  EXPECT_EQ(filename->array_length, 0);
  EXPECT_EQ(filename->offset, 8u);
  EXPECT_EQ(filename->size, 4u);

  const TracepointField* pid = format.Find("pid");
  ASSERT_NE(pid, nullptr);
  EXPECT_EQ(pid->type, "pid_t");
  EXPECT_EQ(pid->array_length, -1);
  EXPECT_TRUE(pid->is_signed);

  const TracepointField* comm = format.Find("comm");
  ASSERT_NE(comm, nullptr);
  EXPECT_EQ(comm->type, "char[16]");
  EXPECT_EQ(comm->element_type, "char");
  EXPECT_EQ(comm->array_length, 16);
  EXPECT_FALSE(comm->is_data_loc);

  const TracepointField* name = format.Find("name");
  ASSERT_NE(name, nullptr);
  EXPECT_EQ(name->type, "const char *");
  EXPECT_EQ(name->offset, 32u);
  EXPECT_EQ(name->size, 8u);

  EXPECT_EQ(format.Find("common_pid"), nullptr);
  EXPECT_EQ(format.Find("nosuch"), nullptr);
}

TEST(TracepointFormatTest, RejectsMalformedFieldLines) {
  EXPECT_THROW(ParseTracepointFormat("\tfield:int x;\toffset:zz;\tsize:4;\n"), RuntimeError);
  EXPECT_THROW(ParseTracepointFormat("\tfield:;\toffset:0;\tsize:4;\n"), RuntimeError);
  EXPECT_THROW(ParseTracepointFormat("\tfield:int x;\tsize:4;\n"), RuntimeError);
}

TEST(TracefsTest, FindsSyscallTracepoints) {
  DT_REQUIRE_ROOT();
  std::string root = TracefsRoot();
  EXPECT_TRUE(root == "/sys/kernel/tracing" || root == "/sys/kernel/debug/tracing") << root;
  std::vector<std::string> syscalls = ListSyscallTracepoints();
  EXPECT_TRUE(std::binary_search(syscalls.begin(), syscalls.end(), "read"));
  EXPECT_TRUE(std::binary_search(syscalls.begin(), syscalls.end(), "getppid"));
  EXPECT_FALSE(std::binary_search(syscalls.begin(), syscalls.end(), "sys_enter_read"));
}

TEST(TracefsTest, ListsTracepointsWithCategories) {
  DT_REQUIRE_ROOT();
  auto tracepoints = ListTracepoints();
  std::pair<std::string, std::string> exit_read{"syscalls", "sys_exit_read"};
  EXPECT_TRUE(std::binary_search(tracepoints.begin(), tracepoints.end(), exit_read));
}

TEST(AvailableEventsTest, ParsesSortsAndSkipsJunk) {
  auto events = ParseAvailableEvents(
      "sched:sched_switch\nirq:irq_handler_entry\n\nnocolon\n"
      ":noname\nnocat:\nsched:sched_switch\r\n");
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0], (std::pair<std::string, std::string>{"irq", "irq_handler_entry"}));
  EXPECT_EQ(events[1], (std::pair<std::string, std::string>{"sched", "sched_switch"}));
}

TEST(TracefsTest, ListsAvailableEventsWithoutFtraceInternals) {
  DT_REQUIRE_ROOT();
  auto events = ListAvailableEvents();
  std::pair<std::string, std::string> sched_switch{"sched", "sched_switch"};
  EXPECT_TRUE(std::binary_search(events.begin(), events.end(), sched_switch));
  EXPECT_TRUE(std::is_sorted(events.begin(), events.end()));
  for (const auto& [category, name] : events) EXPECT_NE(category, "ftrace") << name;
}

TEST(TracefsTest, ReadsIdAndFormatOfARealTracepoint) {
  DT_REQUIRE_ROOT();
  uint32_t id = TracepointId("syscalls", "sys_enter_openat");
  EXPECT_GT(id, 0u);
  TracepointFormat format = ReadTracepointFormat("syscalls", "sys_enter_openat");
  EXPECT_EQ(format.id, id);
  EXPECT_EQ(format.name, "sys_enter_openat");
  const TracepointField* filename = format.Find("filename");
  ASSERT_NE(filename, nullptr);
  EXPECT_EQ(filename->type, "const char *");
  EXPECT_EQ(filename->size, 8u);
  ASSERT_NE(format.Find("__syscall_nr"), nullptr);
}

TEST(TracefsTest, MissingTracepointIsNamed) {
  DT_REQUIRE_ROOT();
  EXPECT_FALSE(TracepointExists("syscalls", "sys_enter_nosuch"));
  EXPECT_FALSE(TracepointExists("syscalls", "../syscalls/sys_enter_read"));
  try {
    TracepointId("syscalls", "sys_enter_nosuch");
    FAIL() << "expected RuntimeError";
  } catch (const RuntimeError& e) {
    EXPECT_STREQ(e.what(), "tracepoint syscalls:sys_enter_nosuch does not exist");
  }
  EXPECT_THROW(ReadTracepointFormat("nosuch", "thing"), RuntimeError);
}

}  // namespace
}  // namespace dt::runtime
