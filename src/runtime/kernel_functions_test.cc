#include "runtime/kernel_functions.h"

#include <bpf/btf.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "runtime/kernel_btf.h"

namespace dt::runtime {
namespace {

TEST(TraceableFunctionsTest, ParsesCoreAndModuleLines) {
  TraceableFunctions t = TraceableFunctions::Parse(
      "vfs_read\n"
      "ext4_file_read_iter [ext4]\n"
      "p9_client_read [9pnet]\n");
  EXPECT_TRUE(t.known());
  EXPECT_TRUE(t.Contains("vmlinux", "vfs_read"));
  EXPECT_TRUE(t.Contains("ext4", "ext4_file_read_iter"));
  EXPECT_FALSE(t.Contains("vmlinux", "ext4_file_read_iter"));
  EXPECT_FALSE(t.Contains("ext4", "vfs_read"));
  EXPECT_FALSE(t.Contains("vmlinux", "vfs_write"));
}

TEST(TraceableFunctionsTest, AnUnreadableListExcludesNothing) {
  TraceableFunctions unknown;
  EXPECT_FALSE(unknown.known());
  EXPECT_TRUE(unknown.Contains("vmlinux", "anything"));
}

// The running kernel's vfs_read, as fbt:vmlinux:vfs_read:entry types it.
TEST(KernelFunctionsTest, VfsReadPrototypeFromBtf) {
  const struct btf* b = KernelBtf::Kernel().Vmlinux();
  if (b == nullptr) GTEST_SKIP() << "no vmlinux BTF on this machine";
  std::vector<KernelFunction> all = ListKernelFunctions();
  auto it = std::find_if(all.begin(), all.end(), [](const KernelFunction& f) {
    return f.module == "vmlinux" && f.name == "vfs_read";
  });
  ASSERT_NE(it, all.end());
  KernelPrototype proto = KernelFunctionPrototype(*it);
  ASSERT_EQ(proto.params.size(), 4u);
  EXPECT_EQ(proto.params[0].name, "struct file *");
  EXPECT_EQ(proto.params[1].name, "char *");
  EXPECT_EQ(proto.params[2].name, "size_t");
  EXPECT_EQ(proto.params[2].size, 8u);
  EXPECT_FALSE(proto.params[2].is_signed);
  EXPECT_EQ(proto.params[3].name, "loff_t *");
  ASSERT_TRUE(proto.returns.has_value());
  EXPECT_EQ(proto.returns->name, "ssize_t");
  // Each name once per module, sorted.
  EXPECT_TRUE(std::is_sorted(
      all.begin(), all.begin() + (it - all.begin()),
      [](const KernelFunction& a, const KernelFunction& b) { return a.name < b.name; }));
}

// One function by name, as the same one the whole list has; none for a
// name vmlinux does not have.
TEST(KernelFunctionsTest, FindsOneVmlinuxFunctionByName) {
  const struct btf* b = KernelBtf::Kernel().Vmlinux();
  if (b == nullptr) GTEST_SKIP() << "no vmlinux BTF on this machine";
  std::optional<KernelFunction> f = FindVmlinuxFunction("mutex_unlock");
  ASSERT_TRUE(f.has_value());
  EXPECT_EQ(f->name, "mutex_unlock");
  EXPECT_EQ(f->module, "vmlinux");
  KernelPrototype proto = KernelFunctionPrototype(*f);
  ASSERT_EQ(proto.params.size(), 1u);
  EXPECT_EQ(proto.params[0].name, "struct mutex *");
  EXPECT_FALSE(proto.returns.has_value());
  EXPECT_FALSE(FindVmlinuxFunction("no_such_kernel_function_at_all").has_value());
}

}  // namespace
}  // namespace dt::runtime
