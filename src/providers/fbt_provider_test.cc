#include "providers/fbt_provider.h"

#include <gtest/gtest.h>

#include "providers/probe_registry.h"
#include "runtime/kernel_btf.h"

namespace dt {
namespace {

size_t FbtProbes(const ProbeRegistry& registry) {
  size_t n = 0;
  for (const auto& p : registry.probes()) n += p->owner == &FbtProvider();
  return n;
}

// Descriptions that cannot name an fbt probe read no BTF for it.
TEST(FbtProviderTest, MadeOnlyWhenADescriptionCouldNameThem) {
  ProbeRegistry registry(KernelEventList{});
  registry.Match("BEGIN");
  registry.Match("syscall::read:entry");
  registry.Match("fbt:::nosuchname");
  EXPECT_EQ(FbtProbes(registry), 0u);
}

TEST(FbtProviderTest, VfsReadEntryAndReturnTypedFromBtf) {
  if (runtime::KernelBtf::Kernel().Vmlinux() == nullptr) GTEST_SKIP() << "no kernel BTF";
  ProbeRegistry registry(KernelEventList{});
  std::vector<const Probe*> found = registry.Match("fbt::vfs_read:");
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0]->FullName(), "fbt:vmlinux:vfs_read:entry");
  EXPECT_EQ(found[1]->FullName(), "fbt:vmlinux:vfs_read:return");
  EXPECT_EQ(found[1]->id, found[0]->id + 1);
  const std::vector<ProbeArg>& entry = registry.Args(*found[0]);
  ASSERT_EQ(entry.size(), 4u);
  EXPECT_EQ(entry[0].type, "struct file *");
  const std::vector<ProbeArg>& ret = registry.Args(*found[1]);
  ASSERT_EQ(ret.size(), 2u);
  EXPECT_EQ(ret[0].type, "int");
  EXPECT_EQ(ret[1].type, "ssize_t");
  // Made once: matching again adds nothing.
  size_t made = FbtProbes(registry);
  registry.Match("fbt:::entry");
  EXPECT_EQ(FbtProbes(registry), made);
}

}  // namespace
}  // namespace dt
