#include "runtime/kernel_btf.h"

#include <bpf/btf.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "common/diagnostic.h"

namespace dt::runtime {
namespace {

// The running kernel's vmlinux BTF as libbpf parses it on its own: the
// answer KernelBtf's ids are checked against.
class KernelBtfTest : public testing::Test {
 protected:
  void SetUp() override {
    raw_ = btf__parse_raw("/sys/kernel/btf/vmlinux");
    if (raw_ == nullptr) GTEST_SKIP() << "no vmlinux BTF on this machine";
  }
  void TearDown() override { btf__free(raw_); }

  struct btf* raw_ = nullptr;
  KernelBtf kernel_;
};

TEST_F(KernelBtfTest, ReadsNothingUntilAsked) {
  EXPECT_EQ(kernel_.vmlinux_load_count(), 0);
  EXPECT_FALSE(kernel_.vmlinux_loaded());
  kernel_.ModuleNames();  // a directory listing, no parsing
  EXPECT_EQ(kernel_.vmlinux_load_count(), 0);
  kernel_.Function("vfs_read");
  EXPECT_EQ(kernel_.vmlinux_load_count(), 1);
  EXPECT_TRUE(kernel_.vmlinux_loaded());
  const struct btf* first = kernel_.Vmlinux();
  kernel_.Functions();
  EXPECT_EQ(kernel_.Vmlinux(), first);
  EXPECT_EQ(kernel_.Module("vmlinux"), first);
  EXPECT_EQ(kernel_.vmlinux_load_count(), 1);
}

TEST_F(KernelBtfTest, VfsReadHasAFunctionIdAndAFourParameterPrototype) {
  BtfFunction f = kernel_.Function("vfs_read");
  EXPECT_EQ(f.name, "vfs_read");
  EXPECT_EQ(f.module, "vmlinux");
  EXPECT_EQ(static_cast<int>(f.id), btf__find_by_name_kind(raw_, "vfs_read", BTF_KIND_FUNC));
  const btf_type* proto = btf__type_by_id(kernel_.Vmlinux(), f.proto_id);
  ASSERT_NE(proto, nullptr);
  EXPECT_TRUE(btf_is_func_proto(proto));
  // ssize_t vfs_read(struct file *, char __user *, size_t, loff_t *)
  EXPECT_EQ(btf_vlen(proto), 4);
}

TEST_F(KernelBtfTest, ListsThousandsOfFunctionsWithTheirPrototypes) {
  std::vector<BtfFunction> all = kernel_.Functions();
  EXPECT_GT(all.size(), 5000u);
  uint32_t previous = 0;
  bool saw_vfs_read = false;
  for (const BtfFunction& f : all) {
    ASSERT_GT(f.id, previous);
    previous = f.id;
    const btf_type* t = btf__type_by_id(raw_, f.id);
    ASSERT_TRUE(btf_is_func(t)) << f.name;
    ASSERT_EQ(f.name, btf__name_by_offset(raw_, t->name_off));
    ASSERT_TRUE(btf_is_func_proto(btf__type_by_id(raw_, f.proto_id))) << f.name;
    if (f.name == "vfs_read") saw_vfs_read = true;
  }
  EXPECT_TRUE(saw_vfs_read);
}

TEST_F(KernelBtfTest, FindsTypesByNameAndKind) {
  EXPECT_EQ(static_cast<int>(kernel_.TypeId("task_struct", BTF_KIND_STRUCT)),
            btf__find_by_name_kind(raw_, "task_struct", BTF_KIND_STRUCT));
  EXPECT_THROW(kernel_.TypeId("task_struct", BTF_KIND_UNION), RuntimeError);
}

TEST_F(KernelBtfTest, AnUnknownNameIsAnError) {
  try {
    kernel_.Function("dt_no_such_kernel_function");
    FAIL() << "expected RuntimeError";
  } catch (const RuntimeError& e) {
    EXPECT_NE(std::string(e.what()).find("dt_no_such_kernel_function"), std::string::npos)
        << e.what();
  }
  // A type of another kind is not a function.
  EXPECT_THROW(kernel_.Function("task_struct"), RuntimeError);
  EXPECT_THROW(kernel_.Functions("dt_no_such_module"), RuntimeError);
}

TEST_F(KernelBtfTest, ModuleNamesAreNeverPaths) {
  EXPECT_EQ(kernel_.Module("../vmlinux"), nullptr);
  EXPECT_EQ(kernel_.Module(""), nullptr);
  EXPECT_EQ(kernel_.Module(".."), nullptr);
}

// A module's BTF, written the way the kernel exposes it: split on top of
// vmlinux's. It has a function of its own and one named like vmlinux's
// vfs_read, which a module lookup must not confuse with vmlinux's.
class ModuleBtfTest : public KernelBtfTest {
 protected:
  void SetUp() override {
    KernelBtfTest::SetUp();
    if (IsSkipped()) return;
    char tmpl[] = "/tmp/kernel_btf_test.XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
    std::filesystem::create_symlink("/sys/kernel/btf/vmlinux", dir_ / "vmlinux");

    struct btf* mod = btf__new_empty_split(raw_);
    int int_id = btf__find_by_name_kind(raw_, "int", BTF_KIND_INT);
    ASSERT_GT(int_id, 0);
    int proto = btf__add_func_proto(mod, int_id);
    ASSERT_EQ(btf__add_func_param(mod, "x", int_id), 0);
    own_fn_id_ = btf__add_func(mod, "dt_test_module_fn", BTF_FUNC_GLOBAL, proto);
    vfs_read_id_ = btf__add_func(mod, "vfs_read", BTF_FUNC_STATIC, proto);
    ASSERT_GT(own_fn_id_, 0);
    ASSERT_GT(vfs_read_id_, 0);
    uint32_t size = 0;
    const void* data = btf__raw_data(mod, &size);
    std::ofstream(dir_ / "dt_testmod", std::ios::binary)
        .write(static_cast<const char*>(data), size);
    btf__free(mod);
  }
  void TearDown() override {
    if (!dir_.empty()) std::filesystem::remove_all(dir_);
    KernelBtfTest::TearDown();
  }

  std::filesystem::path dir_;
  int own_fn_id_ = 0;
  int vfs_read_id_ = 0;
};

TEST_F(ModuleBtfTest, ListsAndFindsAModulesOwnFunctions) {
  KernelBtf kernel(dir_);
  EXPECT_EQ(kernel.ModuleNames(), std::vector<std::string>{"dt_testmod"});
  std::vector<BtfFunction> fns = kernel.Functions("dt_testmod");
  ASSERT_EQ(fns.size(), 2u);
  EXPECT_EQ(fns[0].name, "dt_test_module_fn");
  EXPECT_EQ(fns[0].module, "dt_testmod");
  EXPECT_EQ(static_cast<int>(fns[0].id), own_fn_id_);
  EXPECT_EQ(btf_vlen(btf__type_by_id(kernel.Module("dt_testmod"), fns[0].proto_id)), 1);

  EXPECT_EQ(static_cast<int>(kernel.Function("vfs_read", "dt_testmod").id), vfs_read_id_);
  EXPECT_EQ(static_cast<int>(kernel.Function("vfs_read").id),
            btf__find_by_name_kind(raw_, "vfs_read", BTF_KIND_FUNC));
  EXPECT_THROW(kernel.Function("dt_test_module_fn"), RuntimeError);  // not vmlinux's
  EXPECT_EQ(kernel.Module("dt_testmod"), kernel.Module("dt_testmod"));
}

TEST(MissingKernelBtfTest, EveryLookupSaysWhy) {
  KernelBtf kernel("/nonexistent/btf");
  EXPECT_EQ(kernel.Vmlinux(), nullptr);
  EXPECT_EQ(kernel.vmlinux_load_count(), 1);
  EXPECT_FALSE(kernel.vmlinux_loaded());
  EXPECT_NE(kernel.vmlinux_error().find("/nonexistent/btf/vmlinux"), std::string::npos);
  EXPECT_EQ(kernel.Module("ext4"), nullptr);
  EXPECT_TRUE(kernel.ModuleNames().empty());
  try {
    kernel.Function("vfs_read");
    FAIL() << "expected RuntimeError";
  } catch (const RuntimeError& e) {
    EXPECT_NE(std::string(e.what()).find("BTF"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("/nonexistent/btf/vmlinux"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(kernel.vmlinux_load_count(), 1);  // the failure is remembered
}

}  // namespace
}  // namespace dt::runtime
