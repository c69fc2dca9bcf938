#include "sema/btf_types.h"

#include <bpf/btf.h>
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <memory>

#include "common/diagnostic.h"

namespace dt {
namespace {

// ---- D spelling and structure of the new kinds (no BTF needed) ----

TEST(TypeSpellingTest, DeclaratorsAsCtfSpellsThem) {
  TypeTable types;
  const Type* chr = types.Char();
  EXPECT_EQ(TypeSpelling(types.Pointer(chr)), "char *");
  EXPECT_EQ(TypeSpelling(types.Pointer(types.Pointer(chr))), "char **");
  EXPECT_EQ(TypeSpelling(types.Array(chr, 16)), "char [16]");
  EXPECT_EQ(TypeSpelling(types.Array(types.Pointer(chr), 4)), "char *[4]");
  EXPECT_EQ(TypeSpelling(types.Array(types.Array(types.Int32(), 2), 4)), "int [4][2]");
  EXPECT_EQ(TypeSpelling(types.Pointer(types.Array(types.Int32(), 16))), "int (*)[16]");
  const Type* fn = types.Function(types.Int32(), {}, false);
  EXPECT_EQ(TypeSpelling(fn), "int ()");
  EXPECT_EQ(TypeSpelling(types.Pointer(fn)), "int (*)()");
  EXPECT_EQ(TypeSpelling(types.Array(types.Pointer(fn), 3)), "int (*[3])()");
  const Type* vfn = types.Function(types.Void(), {types.Pointer(chr)}, true);
  EXPECT_EQ(TypeSpelling(types.Pointer(types.Pointer(vfn))), "void (**)()");
}

TEST(TypeSpellingTest, TaggedAndTypedefNames) {
  TypeTable types;
  const Type* s = types.Struct("foo", false, 8);
  EXPECT_EQ(TypeSpelling(types.Pointer(s)), "struct foo *");
  EXPECT_EQ(TypeSpelling(types.Struct("u", true)), "union u");
  const Type* e = types.Enum("color", 4, false, {{"RED", 0}, {"BLUE", 7}});
  EXPECT_EQ(TypeSpelling(e), "enum color");
  EXPECT_TRUE(e->IsInteger());
  const Type* pid = types.Typedef("pid_t", types.Int32());
  EXPECT_EQ(TypeSpelling(pid), "pid_t");
  EXPECT_EQ(TypeSpelling(types.Pointer(pid)), "pid_t *");
  EXPECT_EQ(pid->size, 4u);
  EXPECT_TRUE(pid->IsInteger());
  EXPECT_TRUE(pid->is_signed);
  // A typedef of a function pointer is spelled by its name, not unfolded.
  const Type* handler = types.Typedef(
      "handler_t", types.Pointer(types.Function(types.Void(), {types.Int32()}, false)));
  EXPECT_EQ(TypeSpelling(types.Array(handler, 2)), "handler_t [2]");
}

TEST(TypeTableTest, FunctionsAreInterned) {
  TypeTable types;
  const Type* a = types.Function(types.Int32(), {types.Int64()}, false);
  EXPECT_EQ(a, types.Function(types.Int32(), {types.Int64()}, false));
  EXPECT_NE(a, types.Function(types.Int32(), {types.Int64()}, true));
  EXPECT_TRUE(a->IsFunction());
  ASSERT_EQ(a->params.size(), 1u);
}

TEST(TypeTableTest, SameTypeLooksThroughTypedefs) {
  TypeTable types;
  const Type* pid = types.Typedef("pid_t", types.Int32());
  EXPECT_TRUE(SameType(pid, types.Int32()));
  EXPECT_TRUE(SameType(types.Pointer(pid), types.Pointer(types.Int32())));
  EXPECT_FALSE(SameType(types.Pointer(pid), types.Pointer(types.Int64())));
  EXPECT_FALSE(SameType(types.Struct("a", false), types.Struct("a", false)));
  EXPECT_EQ(StripTypedefs(types.Typedef("p2", pid)), types.Int32());
}

TEST(TypeTableTest, CompletingAStructUpdatesItsTypedefs) {
  TypeTable types;
  const Type* node = types.Struct("node", false, 16);
  const Type* node_t = types.Typedef("node_t", node);
  EXPECT_TRUE(node->incomplete);
  types.CompleteStruct(node, 16,
                       {{"next", types.Pointer(node), 0, -1}, {"value", types.Int64(), 64, -1}});
  EXPECT_FALSE(node->incomplete);
  EXPECT_FALSE(node_t->incomplete);
  ASSERT_EQ(node_t->members.size(), 2u);
  auto value = FindMember(node_t, "value");
  ASSERT_TRUE(value.has_value());
  EXPECT_EQ(value->byte_offset(), 8u);
  EXPECT_EQ(value->type, types.Int64());
  EXPECT_FALSE(FindMember(node, "missing").has_value());
  EXPECT_FALSE(FindMember(types.Int32(), "value").has_value());
}

TEST(TypeTableTest, FindMemberEntersAnonymousMembersOnly) {
  TypeTable types;
  const Type* inner = types.Struct("", true, 8);
  types.CompleteStruct(inner, 8, {{"a", types.Int64(), 0, -1}, {"b", types.Int32(), 0, 3}});
  const Type* named = types.Struct("named", false, 4);
  types.CompleteStruct(named, 4, {{"hidden", types.Int32(), 0, -1}});
  const Type* outer = types.Struct("outer", false, 24);
  types.CompleteStruct(outer, 24,
                       {{"x", types.Int64(), 0, -1}, {"", inner, 64, -1}, {"n", named, 128, -1}});
  auto a = FindMember(outer, "a");
  ASSERT_TRUE(a.has_value());
  EXPECT_EQ(a->byte_offset(), 8u);
  auto b = FindMember(outer, "b");
  ASSERT_TRUE(b.has_value());
  EXPECT_EQ(b->bit_width, 3);
  EXPECT_TRUE(b->is_bitfield());
  EXPECT_FALSE(FindMember(outer, "hidden").has_value());
  EXPECT_FALSE(FindMember(outer, "").has_value());
}

TEST(TypeTableTest, ExternalLookupIsAFallback) {
  TypeTable types;
  int calls = 0;
  const Type* kernel = types.Struct("kernel_thing", false, 4);
  types.set_external_lookup([&](const std::string& name) -> const Type* {
    ++calls;
    return name == "struct kernel_thing" ? kernel : nullptr;
  });
  EXPECT_EQ(types.Lookup("int"), types.Int32());
  EXPECT_EQ(calls, 0);
  EXPECT_EQ(types.Lookup("struct kernel_thing"), kernel);
  EXPECT_EQ(types.Lookup("struct nope"), nullptr);
  EXPECT_EQ(calls, 2);
}

// ---- Kernel BTF (the running kernel's /sys/kernel/btf/vmlinux) ----

class KernelBtfTest : public testing::Test {
 protected:
  void SetUp() override {
    raw_ = btf__load_vmlinux_btf();
    if (raw_ == nullptr) GTEST_SKIP() << "no vmlinux BTF on this machine";
  }
  void TearDown() override { btf__free(raw_); }

  // libbpf's own answer for a member's bit offset and bitfield size.
  std::pair<uint32_t, uint32_t> RawMember(const char* su, int kind, const char* member) {
    int id = btf__find_by_name_kind(raw_, su, kind);
    const btf_type* t = btf__type_by_id(raw_, id);
    const btf_member* m = btf_members(t);
    for (int i = 0; i < btf_vlen(t); ++i, ++m) {
      if (std::string(btf__name_by_offset(raw_, m->name_off)) == member)
        return {btf_member_bit_offset(t, i), btf_member_bitfield_size(t, i)};
    }
    ADD_FAILURE() << su << " has no member " << member;
    return {0, 0};
  }

  struct btf* raw_ = nullptr;
  TypeTable types_;
  runtime::KernelBtf kernel_;  // the fixture's own, so its loads can be counted
  BtfTypeSource btf_{types_, kernel_};
};

TEST_F(KernelBtfTest, LoadsNothingUntilFirstLookup) {
  EXPECT_EQ(btf_.vmlinux_load_count(), 0);
  EXPECT_FALSE(btf_.vmlinux_loaded());
  btf_.InstallAsFallback();
  EXPECT_TRUE(SameType(types_.Lookup("uint64_t"), types_.Uint64()));
  EXPECT_EQ(btf_.vmlinux_load_count(), 0);  // D names never reach BTF
  ASSERT_NE(types_.Lookup("struct task_struct"), nullptr);
  EXPECT_EQ(btf_.vmlinux_load_count(), 1);
  ASSERT_NE(btf_.LookupType("struct list_head"), nullptr);
  EXPECT_EQ(btf_.vmlinux_load_count(), 1);
}

TEST_F(KernelBtfTest, MemberOffsetFollowsADottedPath) {
  uint32_t se = RawMember("task_struct", BTF_KIND_STRUCT, "se").first / 8;
  uint32_t runtime = RawMember("sched_entity", BTF_KIND_STRUCT, "sum_exec_runtime").first / 8;
  std::optional<uint64_t> off = btf_.MemberOffset("struct task_struct", "se.sum_exec_runtime");
  ASSERT_TRUE(off);
  EXPECT_EQ(*off, se + runtime);
  EXPECT_FALSE(btf_.MemberOffset("struct task_struct", "se.no_such_member"));
  EXPECT_FALSE(btf_.MemberOffset("struct no_such_struct_x", "pid"));
}

TEST_F(KernelBtfTest, TaskStructCommAndPid) {
  auto start = std::chrono::steady_clock::now();
  const Type* task = btf_.LookupType("struct task_struct");
  auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start);
  std::printf("first lookup of struct task_struct: %.1f ms\n", ms.count());
  ASSERT_NE(task, nullptr);
  EXPECT_EQ(TypeSpelling(task), "struct task_struct");
  EXPECT_EQ(task->kind, Type::Kind::kStruct);
  EXPECT_FALSE(task->incomplete);
  EXPECT_EQ(task->size,
            btf__resolve_size(raw_, btf__find_by_name_kind(raw_, "task_struct", BTF_KIND_STRUCT)));
  auto comm = FindMember(task, "comm");
  ASSERT_TRUE(comm.has_value());
  EXPECT_EQ(TypeSpelling(comm->type), "char [16]");
  EXPECT_EQ(comm->type->size, 16u);
  EXPECT_EQ(comm->bit_offset, RawMember("task_struct", BTF_KIND_STRUCT, "comm").first);
  auto pid = FindMember(task, "pid");
  ASSERT_TRUE(pid.has_value());
  EXPECT_EQ(TypeSpelling(pid->type), "pid_t");
  EXPECT_EQ(pid->type->size, 4u);
  EXPECT_TRUE(pid->type->IsInteger());
  EXPECT_TRUE(pid->type->is_signed);
  EXPECT_TRUE(SameType(pid->type, types_.Int32()));
  auto parent = FindMember(task, "real_parent");
  ASSERT_TRUE(parent.has_value());
  EXPECT_EQ(TypeSpelling(parent->type), "struct task_struct *");
  EXPECT_EQ(parent->type->target, task);  // the self-reference closes on itself
}

TEST_F(KernelBtfTest, StructsReachedFromOthersFillOnFirstNeed) {
  const Type* task = btf_.LookupType("struct task_struct");
  ASSERT_NE(task, nullptr);
  auto se = FindMember(task, "se");  // struct sched_entity, embedded by value
  ASSERT_TRUE(se.has_value());
  const Type* entity = se->type;
  EXPECT_EQ(TypeSpelling(entity), "struct sched_entity");
  int raw_id = btf__find_by_name_kind(raw_, "sched_entity", BTF_KIND_STRUCT);
  EXPECT_EQ(entity->size, static_cast<uint64_t>(btf__resolve_size(raw_, raw_id)));
  EXPECT_TRUE(entity->incomplete);
  auto vruntime = FindMember(entity, "vruntime");
  ASSERT_TRUE(vruntime.has_value());
  EXPECT_FALSE(entity->incomplete);
  EXPECT_EQ(vruntime->bit_offset, RawMember("sched_entity", BTF_KIND_STRUCT, "vruntime").first);
  EXPECT_EQ(EnsureComplete(entity), entity);
}

TEST(BtfLifetimeTest, UnopenedStructsStayIncompleteAfterTheSourceIsGone) {
  TypeTable types;
  const Type* mm = nullptr;
  {
    BtfTypeSource btf(types);
    const Type* task = btf.LookupType("struct task_struct");
    if (task == nullptr) GTEST_SKIP() << "no vmlinux BTF on this machine";
    mm = StripTypedefs(FindMember(task, "mm")->type)->target;
  }
  EXPECT_EQ(TypeSpelling(mm), "struct mm_struct");
  EXPECT_TRUE(mm->incomplete);
  EXPECT_EQ(mm->completer, nullptr);
  EXPECT_FALSE(FindMember(mm, "pgd").has_value());
}

TEST(BtfLifetimeTest, DestroyingTheSourceRemovesTheFallback) {
  TypeTable types;
  runtime::KernelBtf missing("/nonexistent/btf");
  {
    BtfTypeSource btf(types, missing);
    btf.InstallAsFallback();
    EXPECT_THROW(types.Lookup("struct task_struct"), CompileError);
  }
  EXPECT_EQ(types.Lookup("struct task_struct"), nullptr);
}

TEST_F(KernelBtfTest, SelfReferentialListHead) {
  const Type* list = btf_.LookupType("struct list_head");
  ASSERT_NE(list, nullptr);
  auto next = FindMember(list, "next");
  ASSERT_TRUE(next.has_value());
  EXPECT_EQ(TypeSpelling(next->type), "struct list_head *");
  EXPECT_EQ(next->type->target, list);
  EXPECT_EQ(FindMember(list, "prev")->byte_offset(), 8u);
  EXPECT_EQ(list->size, 16u);
}

TEST_F(KernelBtfTest, MemberInsideAnonymousUnion) {
  // Find, with libbpf alone, a named member of sk_buff that sits inside an
  // anonymous struct/union at a non-zero offset, then ask FindMember.
  int id = btf__find_by_name_kind(raw_, "sk_buff", BTF_KIND_STRUCT);
  ASSERT_GT(id, 0);
  const btf_type* skb = btf__type_by_id(raw_, id);
  std::string name;
  uint32_t expected = 0;
  const btf_member* m = btf_members(skb);
  for (int i = 0; i < btf_vlen(skb) && name.empty(); ++i, ++m) {
    const btf_type* mt = btf__type_by_id(raw_, m->type);
    if (m->name_off != 0 || !btf_is_composite(mt) || btf_member_bit_offset(skb, i) == 0) continue;
    const btf_member* inner = btf_members(mt);
    for (int j = 0; j < btf_vlen(mt); ++j, ++inner) {
      if (inner->name_off == 0) continue;
      name = btf__name_by_offset(raw_, inner->name_off);
      expected = btf_member_bit_offset(skb, i) + btf_member_bit_offset(mt, j);
      break;
    }
  }
  ASSERT_FALSE(name.empty()) << "sk_buff has no anonymous member to test with";
  auto found = FindMember(btf_.LookupType("struct sk_buff"), name);
  ASSERT_TRUE(found.has_value()) << name;
  EXPECT_EQ(found->bit_offset, expected) << name;
}

TEST_F(KernelBtfTest, Bitfield) {
  auto [offset, width] = RawMember("task_struct", BTF_KIND_STRUCT, "in_iowait");
  ASSERT_GT(width, 0u);
  auto m = FindMember(btf_.LookupType("struct task_struct"), "in_iowait");
  ASSERT_TRUE(m.has_value());
  EXPECT_TRUE(m->is_bitfield());
  EXPECT_EQ(m->bit_offset, offset);
  EXPECT_EQ(m->bit_width, static_cast<int>(width));
  auto comm = FindMember(btf_.LookupType("struct task_struct"), "comm");
  EXPECT_FALSE(comm->is_bitfield());
}

TEST_F(KernelBtfTest, EnumValues) {
  const Type* e = btf_.LookupType("enum pid_type");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->kind, Type::Kind::kEnum);
  EXPECT_EQ(TypeSpelling(e), "enum pid_type");
  ASSERT_GE(e->enumerators.size(), 3u);
  EXPECT_EQ(e->enumerators[0], (std::pair<std::string, int64_t>{"PIDTYPE_PID", 0}));
  EXPECT_EQ(e->enumerators[1], (std::pair<std::string, int64_t>{"PIDTYPE_TGID", 1}));
  EXPECT_EQ(e->enumerators.back().first, "PIDTYPE_MAX");
}

TEST_F(KernelBtfTest, FunctionPointerMember) {
  const Type* fops = btf_.LookupType("struct file_operations");
  ASSERT_NE(fops, nullptr);
  auto llseek = FindMember(fops, "llseek");
  ASSERT_TRUE(llseek.has_value());
  EXPECT_EQ(TypeSpelling(llseek->type), "loff_t (*)()");
  const Type* fn = llseek->type->target;
  ASSERT_TRUE(fn->IsFunction());
  ASSERT_EQ(fn->params.size(), 3u);
  EXPECT_EQ(TypeSpelling(fn->params[0]), "struct file *");
  EXPECT_FALSE(fn->variadic);
  EXPECT_EQ(TypeSpelling(fn->target), "loff_t");
}

TEST_F(KernelBtfTest, TypedefsAndBareNames) {
  const Type* u64 = btf_.LookupType("u64");
  ASSERT_NE(u64, nullptr);
  EXPECT_EQ(TypeSpelling(u64), "u64");
  EXPECT_EQ(u64->size, 8u);
  EXPECT_FALSE(u64->is_signed);
  const Type* boolean = btf_.LookupType("bool");
  ASSERT_NE(boolean, nullptr);
  EXPECT_EQ(boolean->size, 1u);
  // C rules: a struct tag is not a bare name.
  EXPECT_EQ(btf_.LookupType("task_struct"), nullptr);
  EXPECT_EQ(btf_.LookupType("struct no_such_struct_anywhere"), nullptr);
  EXPECT_EQ(btf_.LookupType("union task_struct"), nullptr);
}

TEST_F(KernelBtfTest, ModuleScoping) {
  const Type* scoped = btf_.LookupType("struct vmlinux`task_struct");
  ASSERT_NE(scoped, nullptr);
  EXPECT_EQ(scoped, btf_.LookupType("struct task_struct"));
  EXPECT_EQ(btf_.LookupType("vmlinux", "struct task_struct"), scoped);
  EXPECT_EQ(btf_.LookupType("vmlinux`pid_t"), btf_.LookupType("pid_t"));
  try {
    btf_.LookupType("struct no_such_module`task_struct");
    FAIL() << "expected CompileError";
  } catch (const CompileError& e) {
    EXPECT_EQ(e.tag(), "D_TYPE_ERR");
    EXPECT_NE(std::string(e.what()).find("no_such_module"), std::string::npos) << e.what();
  }
  EXPECT_THROW(btf_.LookupType("../etc`passwd"), CompileError);
}

TEST_F(KernelBtfTest, Variables) {
  const Type* current = btf_.LookupVariable("current_task");
  ASSERT_NE(current, nullptr);
  EXPECT_EQ(TypeSpelling(current), "struct task_struct *");
  EXPECT_EQ(btf_.LookupVariable("no_such_kernel_variable"), nullptr);
  EXPECT_EQ(btf_.LookupVariable("vmlinux`current_task"), current);
}

TEST(MissingBtfTest, ErrorsOnlyWhenAKernelTypeIsNeeded) {
  TypeTable types;
  runtime::KernelBtf missing("/nonexistent/btf");
  BtfTypeSource btf(types, missing);
  btf.InstallAsFallback();
  EXPECT_EQ(types.Lookup("int"), types.Int32());
  EXPECT_EQ(btf.vmlinux_load_count(), 0);
  EXPECT_EQ(types.Lookup("some_typedef_t"), nullptr);
  EXPECT_EQ(btf.LookupVariable("current_task"), nullptr);
  try {
    types.Lookup("struct task_struct");
    FAIL() << "expected CompileError";
  } catch (const CompileError& e) {
    EXPECT_EQ(e.tag(), "D_TYPE_ERR");
    EXPECT_NE(std::string(e.what()).find("struct task_struct"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("BTF"), std::string::npos) << e.what();
  }
  EXPECT_EQ(btf.vmlinux_load_count(), 1);  // the failure is remembered
  EXPECT_THROW(btf.LookupType("vmlinux`pid_t"), CompileError);
}

}  // namespace
}  // namespace dt
