#include "runtime/bpf_prog.h"

#include <gtest/gtest.h>

#include "bpf/builder.h"
#include "runtime/kernel_name.h"
#include "runtime/test_insns.h"

namespace dt::runtime {
namespace {

using bpf::encode::Exit;
using bpf::encode::Load;
using bpf::encode::Mov;
using test::ReturnConstant;

TEST(BpfProgTest, LoadsEachProgramTypeWeUse) {
  DT_REQUIRE_ROOT();
  for (uint32_t type :
       {BPF_PROG_TYPE_RAW_TRACEPOINT, BPF_PROG_TYPE_TRACEPOINT, BPF_PROG_TYPE_PERF_EVENT}) {
    SCOPED_TRACE(type);
    Program program = LoadProgram(type, ReturnConstant(0), "syscall::read:entry");
    EXPECT_TRUE(program.valid());
    EXPECT_EQ(program.type(), type);
    EXPECT_EQ(program.name(), "syscall::read:entry");
  }
}

TEST(BpfProgTest, VerifierRejectionCarriesReasonAndLog) {
  DT_REQUIRE_ROOT();
  // r0 = r2 reads a register the verifier knows was never written.
  std::vector<bpf_insn> insns = {Mov(bpf::R0, bpf::R2), Exit()};
  try {
    LoadProgram(BPF_PROG_TYPE_RAW_TRACEPOINT, insns, "dtrace:::BEGIN");
    FAIL() << "expected VerifierError";
  } catch (const VerifierError& e) {
    EXPECT_EQ(e.program_name(), "dtrace:::BEGIN");
    EXPECT_NE(e.reason().find("R2 !read_ok"), std::string::npos) << e.reason();
    EXPECT_NE(e.log().find("R2 !read_ok"), std::string::npos) << e.log();
    EXPECT_EQ(e.reason().find("processed"), std::string::npos) << e.reason();
    EXPECT_EQ(std::string(e.what()),
              "the BPF verifier rejected the program for dtrace:::BEGIN: " + e.reason());
    EXPECT_EQ(e.error(), EACCES);
  }
}

TEST(BpfProgTest, EmptyProgramIsRejectedWithoutTheKernel) {
  EXPECT_THROW(LoadProgram(BPF_PROG_TYPE_RAW_TRACEPOINT, {}, "x"), VerifierError);
}

TEST(BpfProgTest, VerifierReasonSkipsStatistics) {
  std::string log =
      "0: R1=ctx() R10=fp0\n"
      "0: (bf) r0 = r2\n"
      "R2 !read_ok\n"
      "processed 1 insns (limit 1000000) max_states_per_insn 0 total_states 0\n"
      "\n";
  EXPECT_EQ(VerifierReason(log), "R2 !read_ok");
  EXPECT_EQ(VerifierReason(""), "");
}

TEST(BpfProgTest, KernelNamesAreSanitised) {
  EXPECT_EQ(KernelObjectName("syscall::read:entry"), "syscall__read_e");
  EXPECT_EQ(KernelObjectName("a.b_c"), "a.b_c");
  EXPECT_EQ(KernelObjectName(""), "");
}

TEST(BpfProgTest, RunProgramOnceReturnsR0) {
  DT_REQUIRE_ROOT();
  Program program = LoadProgram(BPF_PROG_TYPE_RAW_TRACEPOINT, ReturnConstant(42), "BEGIN");
  EXPECT_EQ(RunProgramOnce(program.fd()), 42u);
  EXPECT_EQ(RunProgramOnce(program.fd(), {1, 2, 3}), 42u);
  EXPECT_THROW(RunProgramOnce(-1), RuntimeError);
  EXPECT_THROW(RunProgramOnce(program.fd(), std::vector<uint64_t>(13)), RuntimeError);
}

TEST(BpfProgTest, AProgramWithABpfLoopCallbackLoadsAndRuns) {
  DT_REQUIRE_ROOT();
  // r0 = the turns bpf_loop ran: the callback stops it at the 5th of 100
  // (it returns 1 when its index r1 is 4). The kernel takes the callback's
  // address only with BTF describing the functions, which LoadProgram adds.
  bpf::Builder b;
  bpf::Label callback = b.NewLabel(), stop = b.NewLabel();
  b.MovImm(bpf::R1, 100);
  b.LoadFuncAddr(bpf::R2, callback);
  b.MovImm(bpf::R3, 0);
  b.MovImm(bpf::R4, 0);
  b.Call(BPF_FUNC_loop);
  b.Exit();
  b.Bind(callback);
  b.JumpIfImm(BPF_JEQ, bpf::R1, 4, stop);
  b.MovImm(bpf::R0, 0);
  b.Exit();
  b.Bind(stop);
  b.MovImm(bpf::R0, 1);
  b.Exit();
  Program program = LoadProgram(BPF_PROG_TYPE_RAW_TRACEPOINT, b.Finish(), "BEGIN");
  EXPECT_EQ(RunProgramOnce(program.fd()), 5u);
}

TEST(BpfProgTest, RunProgramOnceLetsTheProgramReadArguments) {
  DT_REQUIRE_ROOT();
  // r0 = ctx->args[5]
  std::vector<bpf_insn> insns = {Load(BPF_DW, bpf::R0, bpf::R1, 40), Exit()};
  Program program = LoadProgram(BPF_PROG_TYPE_RAW_TRACEPOINT, insns, "END");
  EXPECT_EQ(RunProgramOnce(program.fd()), 0u);
  EXPECT_EQ(RunProgramOnce(program.fd(), {0, 0, 0, 0, 0, 77}), 77u);
}

}  // namespace
}  // namespace dt::runtime
