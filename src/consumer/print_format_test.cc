#include "consumer/print_format.h"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace dt {
namespace {

using Kind = PrintTypeDesc::Kind;
using TypePtr = std::shared_ptr<const PrintTypeDesc>;

TypePtr Scalar(Kind kind, const std::string& spelling, uint64_t size, bool is_signed = false) {
  auto t = std::make_shared<PrintTypeDesc>();
  t->kind = kind;
  t->spelling = spelling;
  t->size = size;
  t->is_signed = is_signed;
  return t;
}

TypePtr Int(const std::string& spelling = "int", uint64_t size = 4) {
  return Scalar(Kind::kInteger, spelling, size, true);
}
TypePtr Char() { return Scalar(Kind::kChar, "char", 1, true); }

TypePtr Array(TypePtr element, uint64_t count, const std::string& spelling) {
  auto t = std::make_shared<PrintTypeDesc>();
  t->kind = Kind::kArray;
  t->spelling = spelling;
  t->size = element->size * count;
  t->count = count;
  t->element = std::move(element);
  return t;
}

struct M {
  std::string name;
  uint64_t byte_offset;
  TypePtr type;
  int bit_width = -1;
  uint64_t extra_bits = 0;
};

TypePtr Struct(const std::string& spelling, uint64_t size, const std::vector<M>& members,
               bool is_union = false) {
  auto t = std::make_shared<PrintTypeDesc>();
  t->kind = is_union ? Kind::kUnion : Kind::kStruct;
  t->spelling = spelling;
  t->size = size;
  for (const M& m : members) {
    t->members.push_back(
        PrintMember{m.name, m.byte_offset * 8 + m.extra_bits, m.bit_width, m.type});
  }
  return t;
}

template <typename T>
void Put(std::vector<uint8_t>& buf, size_t at, T v) {
  if (buf.size() < at + sizeof(v)) buf.resize(at + sizeof(v));
  memcpy(buf.data() + at, &v, sizeof(v));
}

std::string Print(const TypePtr& t, const std::vector<uint8_t>& buf) {
  return FormatPrint(*t, buf.data(), buf.size());
}

TEST(PrintFormat, TopLevelScalars) {
  std::vector<uint8_t> buf;
  Put<int32_t>(buf, 0, 0x1e7a);
  EXPECT_EQ(Print(Int("pid_t"), buf), "pid_t 0x1e7a\n");
  Put<int32_t>(buf, 0, 0);
  EXPECT_EQ(Print(Int(), buf), "int 0\n");
  Put<int32_t>(buf, 0, -1);
  EXPECT_EQ(Print(Int(), buf), "int 0xffffffff\n");
  std::vector<uint8_t> ptr;
  Put<uint64_t>(ptr, 0, 0xffff888003a8c000ull);
  EXPECT_EQ(Print(Scalar(Kind::kPointer, "struct task_struct *", 8), ptr),
            "struct task_struct * 0xffff888003a8c000\n");
}

TEST(PrintFormat, TopLevelCharArrayIsBareText) {
  std::vector<uint8_t> buf(16, 0);
  memcpy(buf.data(), "syscalls", 8);
  EXPECT_EQ(Print(Array(Char(), 16, "char [16]"), buf), "char [16] \"syscalls\"\n");
}

TEST(PrintFormat, CharArrayWithoutNulIsListOfChars) {
  std::vector<uint8_t> buf = {'a', 0x01, 0, 0xff};
  EXPECT_EQ(Print(Array(Char(), 4, "char [4]"), buf),
            "char [4] [ 'a', '\\001', '\\0', '\\37777777777' ]\n");
}

TEST(PrintFormat, StructMembers) {
  auto e = std::make_shared<PrintTypeDesc>();
  e->kind = Kind::kEnum;
  e->spelling = "enum state";
  e->size = 4;
  e->enumerators = {{"RUNNING", 0}, {"SLEEPING", 1}};
  auto inner = Struct("struct list_head", 16,
                      {{"next", 0, Scalar(Kind::kPointer, "struct list_head *", 8)},
                       {"prev", 8, Scalar(Kind::kPointer, "struct list_head *", 8)}});
  auto s = Struct("struct task", 64,
                  {{"pid", 0, Int("pid_t")},
                   {"state", 4, e},
                   {"comm", 8, Array(Char(), 8, "char [8]")},
                   {"tasks", 16, inner},
                   {"counts", 32, Array(Int(), 3, "int [3]")},
                   {"flag", 44, Int("unsigned int"), 1},
                   {"mode", 44, Int("unsigned int"), 3, 1},
                   {"c", 48, Char()},
                   {"other", 52, e}});
  std::vector<uint8_t> buf(64, 0);
  Put<int32_t>(buf, 0, 42);
  Put<int32_t>(buf, 4, 1);
  memcpy(buf.data() + 8, "dtrace", 6);
  Put<uint64_t>(buf, 16, 0xffff8880deadbeefull);
  Put<int32_t>(buf, 32, 0x14);
  Put<int32_t>(buf, 36, 0x2e);
  Put<uint8_t>(buf, 44, 0x0b);  // flag = 1, mode = 0b101
  Put<uint8_t>(buf, 48, 'x');
  Put<int32_t>(buf, 52, 7);
  EXPECT_EQ(Print(s, buf),
            "struct task {\n"
            "    pid_t pid = 0x2a\n"
            "    enum state state = SLEEPING\n"
            "    char [8] comm = [ \"dtrace\" ]\n"
            "    struct list_head tasks = {\n"
            "        struct list_head *next = 0xffff8880deadbeef\n"
            "        struct list_head *prev = 0\n"
            "    }\n"
            "    int [3] counts = [ 0x14, 0x2e, 0 ]\n"
            "    unsigned int flag :1 = 0x1\n"
            "    unsigned int mode :3 = 0x5\n"
            "    char c = 'x'\n"
            "    enum state other = 7\n"
            "}");
}

TEST(PrintFormat, NestedStructLastClosesEveryLevel) {
  auto inner = Struct("struct b", 4, {{"x", 0, Int()}});
  auto mid = Struct("struct a", 4, {{"b", 0, inner}});
  auto outer = Struct("struct o", 8, {{"n", 0, Int()}, {"a", 4, mid}});
  std::vector<uint8_t> buf(8, 0);
  Put<int32_t>(buf, 4, 3);
  EXPECT_EQ(Print(outer, buf),
            "struct o {\n"
            "    int n = 0\n"
            "    struct a a = {\n"
            "        struct b b = {\n"
            "            int x = 0x3\n"
            "        }\n"
            "    }\n"
            "}");
}

TEST(PrintFormat, AnonymousUnionMember) {
  auto anon = Struct("union ", 8, {{"l", 0, Int("long", 8)}, {"i", 0, Int()}}, true);
  auto s = Struct("struct s", 8, {{"", 0, anon}});
  std::vector<uint8_t> buf(8, 0);
  Put<int64_t>(buf, 0, 5);
  EXPECT_EQ(Print(s, buf),
            "struct s {\n"
            "    union  {\n"
            "        long l = 0x5\n"
            "        int i = 0x5\n"
            "    }\n"
            "}");
}

TEST(PrintFormat, NamedMemberOfAnonymousType) {
  auto anon = Struct("struct ", 4, {{"v", 0, Int()}});
  auto s = Struct("struct s", 4, {{"u", 0, anon}});
  std::vector<uint8_t> buf(4, 0);
  EXPECT_EQ(Print(s, buf), "struct s {\n    struct u = {\n        int v = 0\n    }\n}");
}

TEST(PrintFormat, ArrayOfStructs) {
  auto pt = Struct("struct pt", 4, {{"x", 0, Int()}});
  auto s = Struct("struct s", 8, {{"pts", 0, Array(pt, 2, "struct pt [2]")}});
  std::vector<uint8_t> buf(8, 0);
  Put<int32_t>(buf, 0, 1);
  Put<int32_t>(buf, 4, 2);
  EXPECT_EQ(Print(s, buf),
            "struct s {\n"
            "    struct pt [2] pts = [ \n"
            "        struct pt {\n"
            "            int x = 0x1\n"
            "        }, \n"
            "        struct pt {\n"
            "            int x = 0x2\n"
            "        }\n"
            "    ]\n"
            "}");
}

TEST(PrintFormat, ArrayOfStringsInsideStruct) {
  auto names = Array(Array(Char(), 4, "char [4]"), 2, "char [2][4]");
  auto s = Struct("struct s", 8, {{"names", 0, names}});
  std::vector<uint8_t> buf = {'a', 'b', 0, 0, 'c', 0, 0, 0};
  EXPECT_EQ(Print(s, buf), "struct s {\n    char [2][4] names = [ \"ab\", \"c\" ]\n}");
}

TEST(PrintFormat, EmptyNestedStructIsNeverClosed) {
  auto empty = Struct("struct lock_class_key", 0, {});
  auto s = Struct("struct s", 4, {{"key", 0, empty}, {"n", 0, Int()}});
  std::vector<uint8_t> buf(4, 0);
  EXPECT_EQ(Print(s, buf),
            "struct s {\n"
            "    struct lock_class_key key = {\n"
            "    int n = 0\n"
            "}");
}

TEST(PrintFormat, FloatsAndForwardDeclarations) {
  auto s = Struct("struct s", 16,
                  {{"d", 0, Scalar(Kind::kFloat, "double", 8)},
                   {"f", 8, Scalar(Kind::kFloat, "float", 4)},
                   {"opaque", 12, Scalar(Kind::kForward, "struct hidden", 0)}});
  std::vector<uint8_t> buf(16, 0);
  Put<double>(buf, 0, 1.5);
  Put<float>(buf, 8, -2.0f);
  EXPECT_EQ(Print(s, buf),
            "struct s {\n"
            "    double d = +1.5000000e+00\n"
            "    float f = -2.0000000e+00\n"
            "    struct hidden opaque = <forward decl>\n"
            "}");
}

TEST(PrintFormat, WholeByteBitfieldHasNoWidth) {
  auto s = Struct("struct s", 4, {{"b", 1, Int("unsigned char", 1), 8}});
  std::vector<uint8_t> buf = {0, 0x7f, 0, 0};
  EXPECT_EQ(Print(s, buf), "struct s {\n    unsigned char b = 0x7f\n}");
}

TEST(PrintFormat, ShortBufferReadsAsZero) {
  std::vector<uint8_t> buf = {1};
  EXPECT_EQ(Print(Int("long", 8), buf), "long 0x1\n");
}

}  // namespace
}  // namespace dt
