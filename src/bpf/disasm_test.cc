#include "bpf/disasm.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "bpf/insn.h"

namespace dt {
namespace {

using bpf::encode::Insn;

// The text of a single instruction, without its index prefix and newline.
std::string One(const bpf_insn& insn) {
  std::string text = DisassembleBpf({insn});
  EXPECT_EQ(text.substr(0, 6), "   0: ");
  EXPECT_EQ(text.back(), '\n');
  return text.substr(6, text.size() - 7);
}

TEST(BpfHelperName, ComesFromTheKernelHeader) {
  EXPECT_EQ(BpfHelperName(BPF_FUNC_map_lookup_elem), "bpf_map_lookup_elem");
  EXPECT_EQ(BpfHelperName(BPF_FUNC_ktime_get_ns), "bpf_ktime_get_ns");
  EXPECT_EQ(BpfHelperName(BPF_FUNC_get_current_pid_tgid), "bpf_get_current_pid_tgid");
  EXPECT_EQ(BpfHelperName(BPF_FUNC_probe_read_kernel_str), "bpf_probe_read_kernel_str");
  EXPECT_EQ(BpfHelperName(BPF_FUNC_ringbuf_output), "bpf_ringbuf_output");
  EXPECT_EQ(BpfHelperName(0), "unknown");
  EXPECT_EQ(BpfHelperName(-3), "unknown");
  EXPECT_EQ(BpfHelperName(__BPF_FUNC_MAX_ID), "unknown");
}

TEST(Disassemble, Alu64RegisterAndImmediate) {
  struct Case {
    uint8_t op;
    const char* symbol;
  } cases[] = {{BPF_ADD, "+="},  {BPF_SUB, "-="},  {BPF_MUL, "*="},   {BPF_DIV, "/="},
               {BPF_MOD, "%="},  {BPF_OR, "|="},   {BPF_AND, "&="},   {BPF_XOR, "^="},
               {BPF_LSH, "<<="}, {BPF_RSH, ">>="}, {BPF_ARSH, "s>>="}};
  for (const Case& c : cases) {
    EXPECT_EQ(One(Insn(BPF_ALU64 | c.op | BPF_X, 1, 2, 0, 0)),
              std::string("r1 ") + c.symbol + " r2");
    EXPECT_EQ(One(Insn(BPF_ALU64 | c.op | BPF_K, 3, 0, 0, -8)),
              std::string("r3 ") + c.symbol + " -8");
  }
}

TEST(Disassemble, Alu32UsesWRegisters) {
  EXPECT_EQ(One(Insn(BPF_ALU | BPF_ADD | BPF_X, 1, 2, 0, 0)), "w1 += w2");
  EXPECT_EQ(One(Insn(BPF_ALU | BPF_LSH | BPF_K, 4, 0, 0, 3)), "w4 <<= 3");
  EXPECT_EQ(One(Insn(BPF_ALU | BPF_MOV | BPF_K, 0, 0, 0, 7)), "w0 = 7");
  EXPECT_EQ(One(Insn(BPF_ALU | BPF_NEG, 5, 0, 0, 0)), "w5 = -w5");
}

TEST(Disassemble, MovNegAndSignedForms) {
  EXPECT_EQ(One(Insn(BPF_ALU64 | BPF_MOV | BPF_X, 1, 10, 0, 0)), "r1 = r10");
  EXPECT_EQ(One(Insn(BPF_ALU64 | BPF_MOV | BPF_K, 2, 0, 0, 0)), "r2 = 0");
  EXPECT_EQ(One(Insn(BPF_ALU64 | BPF_NEG, 6, 0, 0, 0)), "r6 = -r6");
  EXPECT_EQ(One(Insn(BPF_ALU64 | BPF_MOV | BPF_X, 1, 2, 8, 0)), "r1 = (s8)r2");
  EXPECT_EQ(One(Insn(BPF_ALU64 | BPF_MOV | BPF_X, 1, 2, 32, 0)), "r1 = (s32)r2");
  EXPECT_EQ(One(Insn(BPF_ALU | BPF_MOV | BPF_X, 1, 2, 16, 0)), "w1 = (s16)w2");
  EXPECT_EQ(One(Insn(BPF_ALU64 | BPF_DIV | BPF_X, 1, 2, 1, 0)), "r1 s/= r2");
  EXPECT_EQ(One(Insn(BPF_ALU | BPF_MOD | BPF_K, 1, 0, 1, 10)), "w1 s%= 10");
}

TEST(Disassemble, Endianness) {
  EXPECT_EQ(One(Insn(BPF_ALU | BPF_END | BPF_TO_BE, 1, 0, 0, 16)), "r1 = be16 r1");
  EXPECT_EQ(One(Insn(BPF_ALU | BPF_END | BPF_TO_BE, 2, 0, 0, 64)), "r2 = be64 r2");
  EXPECT_EQ(One(Insn(BPF_ALU | BPF_END | BPF_TO_LE, 3, 0, 0, 32)), "r3 = le32 r3");
  EXPECT_EQ(One(Insn(BPF_ALU64 | BPF_END | BPF_TO_LE, 4, 0, 0, 16)), "r4 = bswap16 r4");
}

TEST(Disassemble, ConditionalJumps) {
  struct Case {
    uint8_t op;
    const char* cond;
  } cases[] = {{BPF_JEQ, "=="},  {BPF_JNE, "!="},   {BPF_JGT, ">"},   {BPF_JGE, ">="},
               {BPF_JLT, "<"},   {BPF_JLE, "<="},   {BPF_JSGT, "s>"}, {BPF_JSGE, "s>="},
               {BPF_JSLT, "s<"}, {BPF_JSLE, "s<="}, {BPF_JSET, "&"}};
  for (const Case& c : cases) {
    EXPECT_EQ(One(Insn(BPF_JMP | c.op | BPF_K, 0, 0, 5, 0)),
              std::string("if r0 ") + c.cond + " 0x0 goto +5 <6>");
    EXPECT_EQ(One(Insn(BPF_JMP | c.op | BPF_X, 1, 2, 2, 0)),
              std::string("if r1 ") + c.cond + " r2 goto +2 <3>");
    EXPECT_EQ(One(Insn(BPF_JMP32 | c.op | BPF_X, 1, 2, 2, 0)),
              std::string("if w1 ") + c.cond + " w2 goto +2 <3>");
    EXPECT_EQ(One(Insn(BPF_JMP32 | c.op | BPF_K, 3, 0, 1, 255)),
              std::string("if w3 ") + c.cond + " 0xff goto +1 <2>");
  }
  EXPECT_EQ(One(Insn(BPF_JMP | BPF_JSGT | BPF_K, 1, 0, 0, -1)), "if r1 s> 0xffffffff goto +0 <1>");
}

TEST(Disassemble, JumpTargetsAreAbsoluteSlots) {
  std::vector<bpf_insn> prog = {
      Insn(BPF_ALU64 | BPF_MOV | BPF_K, 0, 0, 0, 0), Insn(BPF_JMP | BPF_JA, 0, 0, 1, 0),
      Insn(BPF_ALU64 | BPF_MOV | BPF_K, 0, 0, 0, 1), Insn(BPF_JMP | BPF_JA, 0, 0, -4, 0),
      Insn(BPF_JMP32 | BPF_JA, 0, 0, 0, -2),         Insn(BPF_JMP | BPF_EXIT, 0, 0, 0, 0),
  };
  EXPECT_EQ(DisassembleBpf(prog),
            "   0: r0 = 0\n"
            "   1: goto +1 <3>\n"
            "   2: r0 = 1\n"
            "   3: goto -4 <0>\n"
            "   4: gotol -2 <3>\n"
            "   5: exit\n");
}

TEST(Disassemble, Calls) {
  EXPECT_EQ(One(Insn(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_map_lookup_elem)),
            "call bpf_map_lookup_elem#1");
  EXPECT_EQ(One(Insn(BPF_JMP | BPF_CALL, 0, 0, 0, 100000)), "call unknown#100000");
  EXPECT_EQ(One(Insn(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_CALL, 0, 7)), "call pc+7 <8>");
  EXPECT_EQ(One(Insn(BPF_JMP | BPF_CALL, 0, BPF_PSEUDO_KFUNC_CALL, 0, 1234)), "call kfunc#1234");
  EXPECT_EQ(One(Insn(BPF_JMP | BPF_EXIT, 0, 0, 0, 0)), "exit");
  EXPECT_EQ(One(Insn(BPF_JMP | 0xe0, 0, 0, 3, 0)), "may_goto +3 <4>");
}

TEST(Disassemble, LoadImm64) {
  std::vector<bpf_insn> prog = {
      Insn(BPF_LD | BPF_IMM | BPF_DW, 1, 0, 0, static_cast<int32_t>(0xdeadbeef)),
      Insn(0, 0, 0, 0, 0x12),
      Insn(BPF_LD | BPF_IMM | BPF_DW, 2, BPF_PSEUDO_MAP_FD, 0, 3),
      Insn(0, 0, 0, 0, 0),
      Insn(BPF_LD | BPF_IMM | BPF_DW, 3, BPF_PSEUDO_MAP_VALUE, 0, 4),
      Insn(0, 0, 0, 0, 16),
      Insn(BPF_LD | BPF_IMM | BPF_DW, 4, BPF_PSEUDO_FUNC, 0, 2),
      Insn(0, 0, 0, 0, 0),
      Insn(BPF_JMP | BPF_EXIT, 0, 0, 0, 0),
  };
  EXPECT_EQ(DisassembleBpf(prog, [](int ref) { return "m" + std::to_string(ref); }),
            "   0: r1 = 0x12deadbeef ll\n"
            "   2: r2 = map[m3] ll\n"
            "   4: r3 = map[m4]+16 ll\n"
            "   6: r4 = func pc+2 <9> ll\n"
            "   8: exit\n");
  EXPECT_EQ(DisassembleBpf({prog[2], prog[3]}), "   0: r2 = map[fd:3] ll\n");
  EXPECT_EQ(DisassembleBpf({Insn(BPF_LD | BPF_IMM | BPF_DW, 1, BPF_PSEUDO_MAP_IDX, 0, 2),
                            Insn(0, 0, 0, 0, 0)}),
            "   0: r1 = map[idx:2] ll\n");
  EXPECT_EQ(DisassembleBpf({Insn(BPF_LD | BPF_IMM | BPF_DW, 1, BPF_PSEUDO_MAP_IDX_VALUE, 0, 2),
                            Insn(0, 0, 0, 0, 8)}),
            "   0: r1 = map[idx:2]+8 ll\n");
  EXPECT_EQ(DisassembleBpf({Insn(BPF_LD | BPF_IMM | BPF_DW, 5, BPF_PSEUDO_BTF_ID, 0, 99),
                            Insn(0, 0, 0, 0, 0)}),
            "   0: r5 = btf_id[99] ll\n");
  EXPECT_EQ(DisassembleBpf({Insn(BPF_LD | BPF_IMM | BPF_DW, 1, 0, 0, -1), Insn(0, 0, 0, 0, -1)}),
            "   0: r1 = 0xffffffffffffffff ll\n");
}

TEST(Disassemble, TruncatedLoadImm64DoesNotCrash) {
  std::string text = DisassembleBpf({Insn(BPF_LD | BPF_IMM | BPF_DW, 1, 0, 0, 5)});
  EXPECT_EQ(text, "   0: r1 = <ld_imm64 missing its second slot>\n");
}

TEST(Disassemble, LegacyPacketLoads) {
  EXPECT_EQ(One(Insn(BPF_LD | BPF_ABS | BPF_H, 0, 0, 0, 12)), "r0 = *(u16 *)skb[12]");
  EXPECT_EQ(One(Insn(BPF_LD | BPF_IND | BPF_B, 0, 3, 0, 4)), "r0 = *(u8 *)skb[r3 + 4]");
}

TEST(Disassemble, LoadsOfEverySize) {
  EXPECT_EQ(One(Insn(BPF_LDX | BPF_MEM | BPF_DW, 1, 10, -8, 0)), "r1 = *(u64 *)(r10 - 8)");
  EXPECT_EQ(One(Insn(BPF_LDX | BPF_MEM | BPF_W, 2, 1, 16, 0)), "r2 = *(u32 *)(r1 + 16)");
  EXPECT_EQ(One(Insn(BPF_LDX | BPF_MEM | BPF_H, 3, 1, 0, 0)), "r3 = *(u16 *)(r1 + 0)");
  EXPECT_EQ(One(Insn(BPF_LDX | BPF_MEM | BPF_B, 4, 1, 1, 0)), "r4 = *(u8 *)(r1 + 1)");
  EXPECT_EQ(One(Insn(BPF_LDX | 0x80 | BPF_B, 4, 1, 1, 0)), "r4 = *(s8 *)(r1 + 1)");
  EXPECT_EQ(One(Insn(BPF_LDX | 0x80 | BPF_H, 4, 1, 2, 0)), "r4 = *(s16 *)(r1 + 2)");
  EXPECT_EQ(One(Insn(BPF_LDX | 0x80 | BPF_W, 4, 1, -4, 0)), "r4 = *(s32 *)(r1 - 4)");
}

TEST(Disassemble, StoresOfEverySize) {
  EXPECT_EQ(One(Insn(BPF_STX | BPF_MEM | BPF_DW, 10, 1, -8, 0)), "*(u64 *)(r10 - 8) = r1");
  EXPECT_EQ(One(Insn(BPF_STX | BPF_MEM | BPF_W, 10, 2, -12, 0)), "*(u32 *)(r10 - 12) = r2");
  EXPECT_EQ(One(Insn(BPF_STX | BPF_MEM | BPF_H, 10, 3, -14, 0)), "*(u16 *)(r10 - 14) = r3");
  EXPECT_EQ(One(Insn(BPF_STX | BPF_MEM | BPF_B, 10, 4, -15, 0)), "*(u8 *)(r10 - 15) = r4");
  EXPECT_EQ(One(Insn(BPF_ST | BPF_MEM | BPF_DW, 10, 0, -8, 0)), "*(u64 *)(r10 - 8) = 0");
  EXPECT_EQ(One(Insn(BPF_ST | BPF_MEM | BPF_W, 10, 0, -4, -1)), "*(u32 *)(r10 - 4) = -1");
  EXPECT_EQ(One(Insn(BPF_ST | BPF_MEM | BPF_H, 1, 0, 2, 7)), "*(u16 *)(r1 + 2) = 7");
  EXPECT_EQ(One(Insn(BPF_ST | BPF_MEM | BPF_B, 1, 0, 0, 65)), "*(u8 *)(r1 + 0) = 65");
}

TEST(Disassemble, AtomicOperations) {
  const uint8_t add64 = BPF_STX | BPF_ATOMIC | BPF_DW;
  const uint8_t add32 = BPF_STX | BPF_ATOMIC | BPF_W;
  EXPECT_EQ(One(Insn(add64, 0, 6, 0, BPF_ADD)), "lock *(u64 *)(r0 + 0) += r6");
  EXPECT_EQ(One(Insn(add32, 1, 2, 4, BPF_ADD)), "lock *(u32 *)(r1 + 4) += w2");
  EXPECT_EQ(One(Insn(add64, 1, 2, 0, BPF_AND)), "lock *(u64 *)(r1 + 0) &= r2");
  EXPECT_EQ(One(Insn(add64, 1, 2, 0, BPF_OR)), "lock *(u64 *)(r1 + 0) |= r2");
  EXPECT_EQ(One(Insn(add64, 1, 2, 0, BPF_XOR)), "lock *(u64 *)(r1 + 0) ^= r2");
  EXPECT_EQ(One(Insn(add64, 1, 2, 8, BPF_ADD | BPF_FETCH)),
            "r2 = atomic64_fetch_add((u64 *)(r1 + 8), r2)");
  EXPECT_EQ(One(Insn(add32, 1, 2, 0, BPF_XOR | BPF_FETCH)),
            "w2 = atomic_fetch_xor((u32 *)(r1 + 0), w2)");
  EXPECT_EQ(One(Insn(add64, 1, 2, 0, BPF_XCHG)), "r2 = atomic64_xchg((u64 *)(r1 + 0), r2)");
  EXPECT_EQ(One(Insn(add64, 1, 2, -8, BPF_CMPXCHG)),
            "r0 = atomic64_cmpxchg((u64 *)(r1 - 8), r0, r2)");
  EXPECT_EQ(One(Insn(add32, 1, 2, 0, BPF_CMPXCHG)), "w0 = atomic_cmpxchg((u32 *)(r1 + 0), w0, w2)");
  EXPECT_EQ(One(Insn(add64, 3, 1, 0, 0x100)), "r3 = load_acquire((u64 *)(r1 + 0))");
  EXPECT_EQ(One(Insn(add64, 1, 3, 0, 0x110)), "store_release((u64 *)(r1 + 0), r3)");
}

TEST(Disassemble, InvalidEncodingsPrintInsteadOfCrashing) {
  EXPECT_EQ(One(Insn(BPF_ALU64 | 0xe0 | BPF_X, 1, 2, 0, 0)), "<invalid opcode 0xef>");
  EXPECT_EQ(One(Insn(BPF_JMP32 | BPF_CALL, 0, 0, 0, 1)), "<invalid opcode 0x86>");
  EXPECT_EQ(One(Insn(BPF_JMP32 | BPF_EXIT, 0, 0, 0, 0)), "<invalid opcode 0x96>");
  EXPECT_EQ(One(Insn(BPF_LDX | BPF_IMM | BPF_DW, 0, 0, 0, 0)), "<invalid opcode 0x19>");
  EXPECT_EQ(One(Insn(BPF_ST | BPF_ATOMIC | BPF_DW, 0, 0, 0, 0)), "<invalid opcode 0xda>");
  EXPECT_EQ(One(Insn(BPF_STX | BPF_ATOMIC | BPF_B, 1, 2, 0, BPF_ADD)), "<invalid opcode 0xd3>");
  EXPECT_EQ(One(Insn(BPF_STX | BPF_ATOMIC | BPF_DW, 1, 2, 0, BPF_MUL)),
            "<invalid opcode 0xdb> (atomic op 0x20)");
}

TEST(Disassemble, EveryOpcodeGivesExactlyOneLine) {
  for (int code = 0; code < 256; ++code) {
    for (int32_t imm : {0, 1, BPF_FETCH, BPF_CMPXCHG, 0x100, -1, 1 << 30}) {
      bpf_insn insn = Insn(static_cast<uint8_t>(code), 15, 15, -32768, imm);
      std::string text = DisassembleBpf({insn, insn});
      size_t lines = std::count(text.begin(), text.end(), '\n');
      bool wide_load = code == (BPF_LD | BPF_IMM | BPF_DW);
      EXPECT_EQ(lines, wide_load ? 1u : 2u) << "code " << code << " imm " << imm;
    }
  }
}

TEST(Disassemble, IndexPrefixWidth) {
  std::vector<bpf_insn> prog(12, Insn(BPF_ALU64 | BPF_MOV | BPF_K, 0, 0, 0, 0));
  std::string text = DisassembleBpf(prog);
  EXPECT_NE(text.find("\n  11: r0 = 0\n"), std::string::npos);
  EXPECT_EQ(DisassembleBpf({}), "");
}

}  // namespace
}  // namespace dt
