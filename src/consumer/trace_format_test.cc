#include "consumer/trace_format.h"

#include <gtest/gtest.h>

#include <string>

#include "consumer/fake_kernel_lookup_test_util.h"
#include "consumer/value.h"

namespace dt {
namespace {

TEST(TraceFormat, HeaderAndPrefix) {
  EXPECT_EQ(DefaultHeader(), "CPU     ID                    FUNCTION:NAME\n");
  EXPECT_EQ(RecordPrefix(0, 1, "", "BEGIN"), "  0      1                           :BEGIN ");
  EXPECT_EQ(RecordPrefix(1, 58392, "read", "entry"),
            "  1  58392 " + std::string(22, ' ') + "read:entry ");
  // Longer names are not truncated.
  EXPECT_EQ(RecordPrefix(12, 7, std::string(40, 'f'), "x"),
            " 12      7 " + std::string(40, 'f') + ":x ");
  EXPECT_EQ(RecordEnd(false), "\n");
  EXPECT_EQ(RecordEnd(true), "");
}

TEST(TraceFormat, FlowIndent) {
  EXPECT_EQ(FlowHeader(), "CPU FUNCTION                                 \n");
  EXPECT_EQ(FlowRecordPrefix(0, 0, "entry", false, "foo", "entry"),
            "  0  -> foo" + std::string(41 - 7, ' ') + " ");
  EXPECT_EQ(FlowRecordPrefix(0, 2, "return", true, "read", "return"),
            "  0    <= read" + std::string(41 - 10, ' ') + " ");
  EXPECT_EQ(FlowRecordPrefix(1, 0, "", false, "foo", "tick"),
            "  1 | foo:tick" + std::string(41 - 10, ' ') + " ");
}

TEST(TraceFormat, Integers) {
  EXPECT_EQ(FormatTraceValue(Value::Int(1), false), "                1");
  EXPECT_EQ(FormatTraceValue(Value::Int(-1), false), "               -1");
  EXPECT_EQ(FormatTraceValue(Value::Int(-1, 4), false), "       -1");
  EXPECT_EQ(FormatTraceValue(Value::Int(-1, 2), false), " 65535");
  EXPECT_EQ(FormatTraceValue(Value::Int(-1, 1), false), " 255");
  EXPECT_EQ(FormatTraceValue(Value::UInt(0xffffffffu, 4), true), "-1");
  EXPECT_EQ(FormatTraceValue(Value::Int(123), true), "123");
}

TEST(TraceFormat, Strings) {
  // "  0      1                           :BEGIN   hello" + padding to 33.
  EXPECT_EQ(FormatTraceValue(Value::Str("hello"), false), "  hello" + std::string(28, ' '));
  EXPECT_EQ(FormatTraceValue(Value::Str("hello"), true), "hello");
  const std::string long_str(40, 'x');
  EXPECT_EQ(FormatTraceValue(Value::Str(long_str), false), "  " + long_str);
  // A string filling its whole record has no NUL and still prints as text.
  EXPECT_EQ(FormatTraceValue(Value::Str("abcd"), false, 4), "  abcd" + std::string(29, ' '));
}

TEST(TraceFormat, NonStringsAreHexDumped) {
  const std::string header =
      "\n             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n";
  EXPECT_EQ(FormatTraceValue(Value::Str(""), false, 4),
            header + "         0: 00 00 00 00" + std::string(12 * 3, ' ') + "  ....\n");
  EXPECT_EQ(FormatBytes(std::string("ab\x01z", 4), -33, false),
            header + "         0: 61 62 01 7a" + std::string(12 * 3, ' ') + "  ab.z\n");
  std::string eighteen = "0123456789abcdefgh";
  EXPECT_EQ(FormatBytes(eighteen, -33, false, true),
            header +
                "         0: 30 31 32 33 34 35 36 37 38 39 61 62 63 64 65 66  "
                "0123456789abcdef\n" +
                "        10: 67 68" + std::string(14 * 3, ' ') + "  gh\n");
  // NUL then more text is not a string.
  EXPECT_NE(FormatBytes(std::string("ab\0c", 4), -33, false).find("61 62 00 63"),
            std::string::npos);
}

TEST(TraceFormat, AggregationKeyWidth) {
  EXPECT_EQ(FormatBytes(StringRecord("bash", 256), -50, false), "  bash" + std::string(46, ' '));
}

TEST(TraceFormat, StackRecordIsNewlineThenIndentedFramesQuietOrNot) {
  using testing::kDoSyscall;
  using testing::kEntry;
  const Value stack = Value::Stack({kDoSyscall + 0x3a, kEntry + 0x76, 0x1234}, 8);
  const std::string frames =
      "              vmlinux`do_syscall_64+0x3a\n"
      "              vmlinux`entry_SYSCALL_64+0x76\n"
      "              0x1234\n";
  EXPECT_EQ(FormatTraceValue(stack, false, 256, testing::FakeKernelLookup), "\n" + frames);
  EXPECT_EQ(FormatTraceValue(stack, true, 256, testing::FakeKernelLookup), "\n" + frames);
  // Option stackindent.
  EXPECT_EQ(FormatTraceValue(Value::Stack({kEntry}, 1), false, 256, testing::FakeKernelLookup, 2),
            "\n  vmlinux`entry_SYSCALL_64\n");
  // No symbol table: hex.
  EXPECT_EQ(FormatTraceValue(Value::Stack({kEntry}, 1), false),
            "\n              0xffffffff82000000\n");
}

// dtrace -n 'syscall::write:entry { stack(); }':
//   CPU     ID                    FUNCTION:NAME
//     1    140                      write:entry
//                 vmlinux`ksys_write+0x10
//                 vmlinux`do_syscall_64+0x3a
//   <blank line>
TEST(TraceFormat, StackFiringInDefaultOutput) {
  const Value stack = Value::Stack({testing::kKsysWrite + 0x10, testing::kDoSyscall + 0x3a}, 20);
  EXPECT_EQ(RecordPrefix(1, 140, "write", "entry") +
                FormatTraceValue(stack, false, 256, testing::FakeKernelLookup) + RecordEnd(false),
            "  1    140                      write:entry \n"
            "              vmlinux`ksys_write+0x10\n"
            "              vmlinux`do_syscall_64+0x3a\n"
            "\n");
}

TEST(TraceFormat, SymAndModRecordsAreLeftJustifiedIn50QuietOrNot) {
  const Value sym = Value::Symbol(testing::kDoSyscall + 0x3a);
  const Value mod = Value::Module(testing::kExt4Write);
  for (bool quiet : {false, true}) {
    EXPECT_EQ(FormatTraceValue(sym, quiet, 256, testing::FakeKernelLookup),
              "  vmlinux`do_syscall_64" + std::string(50 - 21, ' '));
    EXPECT_EQ(FormatTraceValue(mod, quiet, 256, testing::FakeKernelLookup),
              "  ext4" + std::string(46, ' '));
  }
  EXPECT_EQ(FormatTraceValue(Value::Symbol(0x1234), false, 256, testing::FakeKernelLookup),
            "  0x1234" + std::string(44, ' '));
}

TEST(TraceFormat, ObjectBytesPrintBySize) {
  // 1, 2, 4 and 8 bytes print as the integer they make, as libdtrace does.
  EXPECT_EQ(FormatTraceValue(Value::Bytes(std::string("\x01\0\0\0\x02\0\0\0", 8)), false),
            "       8589934593");
  EXPECT_EQ(FormatTraceValue(Value::Bytes(std::string("\xff\xff\xff\xff", 4)), true), "-1");
  EXPECT_EQ(FormatTraceValue(Value::Bytes(std::string("\xff\xff", 2)), true), "65535");
  // Other sizes: a string when the bytes are one, else the hex dump.
  // (Printable bytes without a NUL keep their padding under -q, as in libdtrace.)
  EXPECT_EQ(FormatTraceValue(Value::Bytes("abc"), true), "  abc" + std::string(30, ' '));
  EXPECT_EQ(FormatTraceValue(Value::Bytes(std::string("abc\0\0", 5)), true), "abc");
  EXPECT_EQ(FormatTraceValue(Value::Bytes(std::string("\x01\x02\x03", 3)), true),
            "\n             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n"
            "         0: 01 02 03" +
                std::string(13 * 3, ' ') + "  ...\n");
}

}  // namespace
}  // namespace dt
