#include "frontend/parser.h"

#include <gtest/gtest.h>

#include "common/diagnostic.h"
#include "frontend/ast_dump.h"

namespace dt {
namespace {

std::string Parse(const std::string& src, const MacroEnv& env = {}) {
  return DumpAst(ParseProgram(src, env));
}

// The dump of the single statement in "BEGIN { <stmt> }".
std::string Stmt(const std::string& stmt, const MacroEnv& env = {}) {
  std::string all = Parse("BEGIN { " + stmt + " }", env);
  const std::string prefix = "(clause (probes \"BEGIN\") (body ";
  EXPECT_EQ(all.compare(0, prefix.size(), prefix), 0) << all;
  return all.substr(prefix.size(), all.size() - prefix.size() - 2);
}

struct Failure {
  std::string tag;
  int line = 0;
  std::string message;
};

Failure Error(const std::string& src, const MacroEnv& env = {}) {
  try {
    ParseProgram(src, env);
  } catch (const CompileError& e) {
    return {e.tag(), e.line(), e.what()};
  }
  ADD_FAILURE() << "no error for: " << src;
  return {};
}

TEST(ParserExpr, MultiplicationBindsTighterThanAddition) {
  EXPECT_EQ(Stmt("x = a + b * c"), "(= x (+ a (* b c)))");
  EXPECT_EQ(Stmt("x = a * b + c"), "(= x (+ (* a b) c))");
}

TEST(ParserExpr, LeftAssociativity) {
  EXPECT_EQ(Stmt("x = a - b - c"), "(= x (- (- a b) c))");
  EXPECT_EQ(Stmt("x = a / b % c"), "(= x (% (/ a b) c))");
}

TEST(ParserExpr, AssignmentIsRightAssociative) {
  EXPECT_EQ(Stmt("a = b = c"), "(= a (= b c))");
  EXPECT_EQ(Stmt("a += b -= 2"), "(+= a (-= b 2))");
}

TEST(ParserExpr, AllCompoundAssignments) {
  EXPECT_EQ(Stmt("a *= 1; a /= 1; a %= 1; a <<= 1; a >>= 1; a &= 1; a ^= 1; a |= 1"),
            "(*= a 1) (/= a 1) (%= a 1) (<<= a 1) (>>= a 1) (&= a 1) (^= a 1) (|= a 1)");
}

TEST(ParserExpr, TernaryIsRightAssociative) {
  EXPECT_EQ(Stmt("x = a ? b : c ? d : e"), "(= x (? a b (? c d e)))");
  EXPECT_EQ(Stmt("x = a || b ? c , d : e"), "(= x (? (|| a b) (, c d) e))");
}

TEST(ParserExpr, ShiftBindsTighterThanComparison) {
  EXPECT_EQ(Stmt("x = a << 1 < b >> 2"), "(= x (< (<< a 1) (>> b 2)))");
}

TEST(ParserExpr, EqualityBindsTighterThanBitAnd) {
  EXPECT_EQ(Stmt("x = a & b == c"), "(= x (& a (== b c)))");
  EXPECT_EQ(Stmt("x = a | b ^ c & d"), "(= x (| a (^ b (& c d))))");
}

TEST(ParserExpr, LogicalOperatorsIncludingXor) {
  EXPECT_EQ(Stmt("x = a || b ^^ c && d"), "(= x (|| a (^^ b (&& c d))))");
  EXPECT_EQ(Stmt("x = a != b && c <= d || e >= f"), "(= x (|| (&& (!= a b) (<= c d)) (>= e f)))");
}

TEST(ParserExpr, CommaIsLoosest) { EXPECT_EQ(Stmt("a = 1, b = 2"), "(, (= a 1) (= b 2))"); }

TEST(ParserExpr, UnaryOperators) {
  EXPECT_EQ(Stmt("x = -a + !b + ~c + *p + &v + +d"),
            "(= x (+ (+ (+ (+ (+ (neg a) (not b)) (bitnot c)) (deref p)) (addr v)) (plus d)))");
  EXPECT_EQ(Stmt("x = - - a"), "(= x (neg (neg a)))");
  EXPECT_EQ(Stmt("++a; b--; --c; d++"), "(pre++ a) (post-- b) (pre-- c) (post++ d)");
  EXPECT_EQ(Stmt("x = -a[1]"), "(= x (neg ([] a 1)))");
}

TEST(ParserExpr, SizeofStringofOffsetofXlate) {
  EXPECT_EQ(Stmt("x = sizeof (int)"), "(= x (sizeof <int>))");
  EXPECT_EQ(Stmt("x = sizeof a + 1"), "(= x (+ (sizeof a) 1))");
  EXPECT_EQ(Stmt("x = sizeof (a) * 2"), "(= x (* (sizeof a) 2))");
  EXPECT_EQ(Stmt("x = sizeof (struct foo *)"), "(= x (sizeof <struct foo *>))");
  EXPECT_EQ(Stmt("x = stringof a->b"), "(= x (stringof (-> a b)))");
  EXPECT_EQ(Stmt("x = offsetof(struct task_struct, pid)"),
            "(= x (offsetof <struct task_struct> pid))");
  EXPECT_EQ(Stmt("x = xlate<psinfo_t *>(curthread)"), "(= x (xlate <psinfo_t *> curthread))");
}

TEST(ParserExpr, Casts) {
  EXPECT_EQ(Stmt("x = (int)a + b"), "(= x (+ (cast <int> a) b))");
  EXPECT_EQ(Stmt("x = (unsigned long long)a"), "(= x (cast <unsigned long long> a))");
  EXPECT_EQ(Stmt("x = (long unsigned int)a"), "(= x (cast <unsigned long> a))");
  EXPECT_EQ(Stmt("x = (unsigned)a"), "(= x (cast <unsigned int> a))");
  EXPECT_EQ(Stmt("x = (const char *)a"), "(= x (cast <const char *> a))");
  EXPECT_EQ(Stmt("x = (uint64_t)a"), "(= x (cast <uint64_t> a))");
  EXPECT_EQ(Stmt("x = (struct foo **)(a)"), "(= x (cast <struct foo **> a))");
  EXPECT_EQ(Stmt("x = (string)a"), "(= x (cast <string> a))");
  EXPECT_EQ(Stmt("x = (a) + b"), "(= x (+ a b))");
  EXPECT_EQ(Stmt("x = (signed char)-1"), "(= x (cast <signed char> (neg 1)))");
}

TEST(ParserExpr, UserTypedefIsACastTarget) {
  EXPECT_EQ(Parse("typedef unsigned int myint_t;\nBEGIN { x = (myint_t)y; }"),
            "(typedef <unsigned int> myint_t)\n"
            "(clause (probes \"BEGIN\") (body (= x (cast <myint_t> y))))");
}

TEST(ParserExpr, TypeNameUsedAsVariable) {
  // As in DTrace, a type name followed by = [ ++ -- is a variable.
  EXPECT_EQ(Stmt("size_t = 1"), "(= size_t 1)");
  EXPECT_EQ(Stmt("x = (size_t[1])"), "(= x ([] size_t 1))");
}

TEST(ParserExpr, OnlyIdentifiersCanBeCalled) {
  Failure f = Error("BEGIN {\n x = a.b(3); }");
  EXPECT_EQ(f.tag, "D_FUNC_IDENT");
  EXPECT_EQ(f.line, 2);
  EXPECT_EQ(f.message, "function designator is not of function type");
}

TEST(ParserExpr, MemberIndexCall) {
  EXPECT_EQ(Stmt("x = a.b->c[1, 2]"), "(= x ([] (-> (. a b) c) 1 2))");
  EXPECT_EQ(Stmt("trace(args[0]->pid)"), "(call trace (-> ([] args 0) pid))");
  EXPECT_EQ(Stmt("f()"), "(call f)");
  EXPECT_EQ(Stmt("printf(\"%d %s\\n\", a, b)"), "(call printf \"%d %s\\n\" a b)");
}

TEST(ParserExpr, ReservedWordsNameMembers) {
  // atomic_t's counter, among kernel members named as D's reserved words.
  EXPECT_EQ(Stmt("x = m->owner.counter"), "(= x (. (-> m owner) counter))");
  EXPECT_EQ(Stmt("x = a.self"), "(= x (. a self))");
  EXPECT_EQ(Stmt("x = offsetof(struct s, counter)"), "(= x (offsetof <struct s> counter))");
  EXPECT_EQ(Error("BEGIN { self->counter = 1; }").tag, "D_SYNTAX");
}

TEST(ParserExpr, SelfAndThis) {
  EXPECT_EQ(Stmt("self->ts = timestamp"), "(= self->ts timestamp)");
  EXPECT_EQ(Stmt("this->x[1] = self->y++"), "(= ([] this->x 1) (post++ self->y))");
}

TEST(ParserExpr, AggregationAsArgument) {
  EXPECT_EQ(Stmt("printa(\"%@d\", @counts)"), "(call printa \"%@d\" @counts)");
  EXPECT_EQ(Stmt("trunc(@, 10)"), "(call trunc @ 10)");
}

TEST(ParserStmt, Aggregations) {
  EXPECT_EQ(Stmt("@c[execname, pid] = count()"), "(agg @c (execname pid) (count))");
  EXPECT_EQ(Stmt("@ = quantize(x)"), "(agg @ () (quantize x))");
  EXPECT_EQ(Stmt("@[probefunc] = sum(arg0)"), "(agg @ (probefunc) (sum arg0))");
  EXPECT_EQ(Stmt("@t = lquantize(x, 0, 100, 10)"), "(agg @t () (lquantize x 0 100 10))");
  // Not an aggregating call: left as an expression for sema to reject.
  EXPECT_EQ(Stmt("@a = 1"), "(= @a 1)");
}

TEST(ParserStmt, IfElse) {
  EXPECT_EQ(Stmt("if (x) y = 1; else { z = 2; w = 3 }"),
            "(if x (then (= y 1)) (else (= z 2) (= w 3)))");
  EXPECT_EQ(Stmt("if (a) if (b) c(); else d();"),
            "(if a (then (if b (then (call c)) (else (call d)))))");
  EXPECT_EQ(Stmt("if (a) { b(); } c();"), "(if a (then (call b))) (call c)");
  EXPECT_EQ(Stmt("if (a) { } else if (b) { c() }"), "(if a (then) (else (if b (then (call c)))))");
}

TEST(ParserStmt, BlocksEmptyStatementsAndOptionalLastSemicolon) {
  EXPECT_EQ(Stmt("; ; a(); ; { b() } c()"), "(call a) (block (call b)) (call c)");
  EXPECT_EQ(Parse("BEGIN {}"), "(clause (probes \"BEGIN\") (body))");
}

TEST(ParserLiteral, Integers) {
  EXPECT_EQ(Stmt("x = 42"), "(= x 42)");
  EXPECT_EQ(Stmt("x = 0x1F"), "(= x 0x1f)");
  EXPECT_EQ(Stmt("x = 017"), "(= x 0xf)");
  EXPECT_EQ(Stmt("x = 0"), "(= x 0)");
  EXPECT_EQ(Stmt("x = 10u + 10l + 10UL + 10ll + 10ULL"),
            "(= x (+ (+ (+ (+ 10u 10l) 10ul) 10ll) 10ull))");
  EXPECT_EQ(Stmt("x = 18446744073709551615"), "(= x 18446744073709551615)");
}

TEST(ParserLiteral, IntegerFlags) {
  ast::Program p = ParseProgram("BEGIN { 0x10UL; 7; }", {});
  const auto& body = std::get<ast::Clause>(p.items[0]).body;
  const ast::Expr& hex = *body[0]->expr;
  EXPECT_EQ(hex.int_value, 16u);
  EXPECT_TRUE(hex.int_unsigned_suffix);
  EXPECT_EQ(hex.int_long_suffix, 1);
  EXPECT_FALSE(hex.int_decimal);
  EXPECT_TRUE(body[1]->expr->int_decimal);
  EXPECT_FALSE(body[1]->expr->int_is_char);
}

TEST(ParserLiteral, Characters) {
  EXPECT_EQ(Stmt("x = 'a'"), "(= x (char 97))");
  EXPECT_EQ(Stmt("x = '\\n' + '\\0' + '\\''"), "(= x (+ (+ (char 10) (char 0)) (char 39)))");
  EXPECT_EQ(Stmt("x = '\\101' + '\\x41'"), "(= x (+ (char 65) (char 65)))");
  EXPECT_EQ(Stmt("x = 'ab'"), "(= x (char 24930))");
}

TEST(ParserLiteral, StringEscapes) {
  ast::Program p =
      ParseProgram(R"(BEGIN { x = "a\n\t\\\"\'\a\b\f\r\v\101\x42\q"; y = "ab\0cd"; })", {});
  const auto& body = std::get<ast::Clause>(p.items[0]).body;
  EXPECT_EQ(body[0]->expr->rhs->text, std::string("a\n\t\\\"'\a\b\f\r\vAB\\q"));
  EXPECT_EQ(body[1]->expr->rhs->text, "ab");  // D strings end at NUL
}

TEST(ParserProbe, DescriptionsAreRawText) {
  EXPECT_EQ(Parse("profile:::profile-997hz, syscall::read*:entry, tick-1s,"
                  " syscall::[rw]*:entry, ::open:entry, fbt:vmlinux:do_sys_open:entry {}"),
            "(clause (probes \"profile:::profile-997hz\" \"syscall::read*:entry\" \"tick-1s\" "
            "\"syscall::[rw]*:entry\" \"::open:entry\" \"fbt:vmlinux:do_sys_open:entry\") (body))");
}

TEST(ParserProbe, BareDescriptionAllowedOnCommandLineOnly) {
  EXPECT_EQ(Parse("BEGIN"), "(clause (probes \"BEGIN\") (body))");
  MacroEnv file;
  file.source_is_file = true;
  Failure f = Error("\nBEGIN", file);
  EXPECT_EQ(f.tag, "D_SYNTAX");
  EXPECT_EQ(f.line, 2);
  EXPECT_EQ(f.message, "expected predicate and/or actions following probe description");
}

TEST(ParserProbe, Predicate) {
  EXPECT_EQ(Parse("syscall::read:entry /pid == 42 && x / 2 > 1/ { @ = count(); }"),
            "(clause (probes \"syscall::read:entry\") (pred (&& (== pid 42) (> (/ x 2) 1))) "
            "(body (agg @ () (count))))");
  EXPECT_EQ(Parse("BEGIN/x/{}"), "(clause (probes \"BEGIN\") (pred x) (body))");
  EXPECT_EQ(Parse("BEGIN\n/ x /\n{\n}\n"), "(clause (probes \"BEGIN\") (pred x) (body))");
}

TEST(ParserProbe, PredicateWithoutActions) {
  Failure f = Error("BEGIN /x/");
  EXPECT_EQ(f.tag, "D_SYNTAX");
  EXPECT_EQ(f.message, "expected actions { } following probe description and predicate");
}

TEST(ParserProbe, MacroVariablesInDescriptions) {
  MacroEnv env;
  env.args = {"script", "read", "123"};
  env.named["target"] = "4242";
  EXPECT_EQ(Parse("pid$target:libc.so.6:malloc:entry, syscall::$1:entry, pid$2::f$1x: {}", env),
            "(clause (probes \"pid4242:libc.so.6:malloc:entry\" \"syscall::read:entry\" "
            "\"pid123::freadx:\") (body))");
  Failure f = Error("syscall::$3:entry {}", env);
  EXPECT_EQ(f.tag, "D_PDESC_INVAL");
  EXPECT_EQ(f.message,
            "invalid probe description \"syscall::$3:entry\": "
            "Undefined macro variable in probe description");
  f = Error("a:b:c:d:e {}");
  EXPECT_EQ(f.message, "invalid probe description \"a:b:c:d:e\": Overspecified probe description");
}

TEST(ParserProgram, CommentsEverywhere) {
  EXPECT_EQ(Parse("#!/usr/sbin/dtrace -s\n/* c */ BEGIN /* c */ , // c\n END /* c */\n"
                  "/ /* c */ x /* c */ / // c\n{ /* c */ a = /* c */ 1; // c\n }"),
            "(clause (probes \"BEGIN\" \"END\") (pred x) (body (= a 1)))");
}

TEST(ParserProgram, MultipleClausesAndLines) {
  ast::Program p = ParseProgram("BEGIN\n{\n}\n\nEND\n{\n  x = 1;\n}\n", {});
  ASSERT_EQ(p.items.size(), 2u);
  const auto& end = std::get<ast::Clause>(p.items[1]);
  EXPECT_EQ(end.line, 5);
  EXPECT_EQ(end.body[0]->line, 7);
}

TEST(ParserProgram, Pragmas) {
  EXPECT_EQ(Parse("#pragma D option quiet\n  #pragma D option bufsize=4m\n"
                  "#pragma D depends_on provider syscall\n#pragma ident \"x\"\n"
                  "#pragma weak foo\nBEGIN {\n#pragma D option switchrate=10hz\n}"),
            "(option quiet)\n(option bufsize 4m)\n(clause (probes \"BEGIN\") (body))\n"
            "(option switchrate 10hz)");
}

TEST(ParserProgram, PragmaErrors) {
  Failure f = Error("BEGIN {}\n#pragma D option\n");
  EXPECT_EQ(f.tag, "D_PRAGMA_MALFORM");
  EXPECT_EQ(f.line, 2);
  EXPECT_EQ(f.message, "malformed #pragma option <option>=<val>");
  f = Error("#pragma D option a = b\n");
  EXPECT_EQ(f.message, "superfluous arguments specified for #pragma option");
  f = Error("#pragma D frobnicate\n");
  EXPECT_EQ(f.tag, "D_PRAGMA_INVAL");
  EXPECT_EQ(f.message, "invalid D pragma: frobnicate");
  f = Error("\n\n#define X 1\n");
  EXPECT_EQ(f.tag, "D_PRAGCTL_INVAL");
  EXPECT_EQ(f.line, 3);
  EXPECT_EQ(f.message, "invalid control directive: #define");
  f = Error("#include <stdio.h>\n");
  EXPECT_EQ(f.message, "invalid control directive: #include");
  f = Error("#error stop here\n");
  EXPECT_EQ(f.tag, "D_PRAGERR");
  EXPECT_EQ(f.message, "#error: stop here ");
  f = Error("#pragma D option quiet");
  EXPECT_EQ(f.message, "end-of-file encountered before end of control line");
}

TEST(ParserProgram, LineDirective) { EXPECT_EQ(Error("# 10 \"x.d\"\nBEGIN { ) }").line, 10); }

TEST(ParserDecl, Variables) {
  EXPECT_EQ(Parse("int x; self int y; this string s; int a[string, int]; uint64_t *p, q[4][2];"
                  "extern int max_ncpus; long z;"),
            "(var global <int> x)\n(var self <int> y)\n(var this <string> s)\n"
            "(var global <int> a [<string> <int>])\n(var global <uint64_t *> p)\n"
            "(var global <uint64_t [4][2]> q)\n(var global extern <int> max_ncpus)\n"
            "(var global <long> z)");
}

TEST(ParserDecl, DeclarationThenClause) {
  EXPECT_EQ(Parse("int*x;\nsize_t n;\nBEGIN { x = 0; }"),
            "(var global <int *> x)\n(var global <size_t> n)\n"
            "(clause (probes \"BEGIN\") (body (= x 0)))");
}

TEST(ParserDecl, InlineTypedefStructEnum) {
  EXPECT_EQ(Parse("inline int MAX = 10 * 2;\ninline string NAME = \"n\";\n"
                  "typedef struct foo { int a; char b[16]; unsigned c : 3, : 2; } foo_t;\n"
                  "union u { int i; long l; };\n"
                  "enum color { RED, GREEN = 5, BLUE };\n"
                  "typedef foo_t *foo_p;\n"
                  "BEGIN { x = (foo_p)0; }"),
            "(inline <int> MAX (* 10 2))\n(inline <string> NAME \"n\")\n"
            "(struct foo (<int> a) (<char [16]> b) (<unsigned int> c :3) (<unsigned int>  :2))\n"
            "(typedef <struct foo> foo_t)\n(union u (<int> i) (<long> l))\n"
            "(enum color (RED) (GREEN 5) (BLUE))\n(typedef <foo_t *> foo_p)\n"
            "(clause (probes \"BEGIN\") (body (= x (cast <foo_p> 0))))");
}

TEST(ParserDecl, AnonymousStruct) {
  EXPECT_EQ(Parse("typedef struct { int a; } t_t;"),
            "(struct __anon1 (<int> a))\n(typedef <struct __anon1> t_t)");
}

TEST(ParserDecl, Translator) {
  EXPECT_EQ(
      Parse("struct my { int pid; string name; };\n"
            "translator struct my < struct task_struct *T > {\n"
            "  pid = T->pid;\n  name = stringof(T->comm);\n};\n"
            "BEGIN { trace(xlate <struct my> (curthread).pid); }"),
      "(struct my (<int> pid) (<string> name))\n"
      "(translator <struct my> <struct task_struct *> T (pid (-> T pid)) "
      "(name (stringof (-> T comm))))\n"
      "(clause (probes \"BEGIN\") (body (call trace (. (xlate <struct my> curthread) pid))))");
}

TEST(ParserDecl, ProviderIsIgnored) {
  EXPECT_EQ(Parse("provider myapp { probe start(int, char *); probe stop(); };\nBEGIN {}"),
            "(clause (probes \"BEGIN\") (body))");
}

}  // namespace
}  // namespace dt

namespace dt {
namespace {

TEST(ParserDecl, ArrayAndBitFieldSizesMustBePositiveConstants) {
  EXPECT_EQ(Parse("int a[2 * 3 + 1];"), "(var global <int [7]> a)");
  Failure f = Error("int a[x];");
  EXPECT_EQ(f.tag, "D_DECL_ARRSUB");
  EXPECT_EQ(f.message,
            "positive integral constant expression or tuple signature expected as array "
            "declaration subscript");
  EXPECT_EQ(Error("int a[0];").tag, "D_DECL_ARRSUB");
  EXPECT_EQ(Error("int a[0x100000000];").tag, "D_DECL_ARRBIG");
  f = Error("struct s { int a : 0; };");
  EXPECT_EQ(f.tag, "D_DECL_BFCONST");
  EXPECT_EQ(f.message, "positive integral constant expression expected as bit-field size");
  EXPECT_EQ(Parse("struct s { int a : 1, : 0; };"), "(struct s (<int> a :1) (<int>  :0))");
}

}  // namespace
}  // namespace dt
