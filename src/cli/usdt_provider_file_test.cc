#include "cli/usdt_provider_file.h"

#include <gtest/gtest.h>

#include "common/diagnostic.h"
#include "frontend/parser.h"

namespace dt {
namespace {

std::vector<UsdtProviderDef> Providers(const std::string& text) {
  MacroEnv macros;
  macros.args.push_back("provider.d");
  macros.source_is_file = true;
  return UsdtProviders(ParseProgram(text, macros));
}

// "line N: message [TAG]" of the error a provider file gives.
std::string Error(const std::string& text) {
  try {
    Providers(text);
  } catch (const CompileError& e) {
    return "line " + std::to_string(e.line()) + ": " + e.what() + " [" + e.tag() + "]";
  }
  return "no error";
}

TEST(UsdtProviderFile, ProbesWithTheirCTypes) {
  auto providers = Providers(
      "#pragma D attributes Evolving/Evolving/Common provider myserv provider\n"
      "typedef struct conn conn_t;\n"
      "provider myserv {\n"
      "  probe query__receive(string, char *, int fd);\n"
      "  probe query__respond();\n"
      "  probe none(void);\n"
      "  probe typed(const char *, unsigned long long, uint32_t, struct conn *, conn_t *) : "
      "(string);\n"
      "};\n");
  ASSERT_EQ(providers.size(), 1u);
  const UsdtProviderDef& p = providers[0];
  EXPECT_EQ(p.name, "myserv");
  EXPECT_EQ(p.line, 3);
  ASSERT_EQ(p.probes.size(), 4u);
  EXPECT_EQ(p.probes[0].name, "query__receive");
  EXPECT_EQ(p.probes[0].line, 4);
  EXPECT_EQ(p.probes[0].arg_types, (std::vector<std::string>{"char *", "char *", "int"}));
  EXPECT_EQ(p.probes[0].arg_is_pointer, (std::vector<bool>{true, true, false}));
  EXPECT_TRUE(p.probes[1].arg_types.empty());
  EXPECT_TRUE(p.probes[2].arg_types.empty());
  EXPECT_EQ(p.probes[3].arg_types,
            (std::vector<std::string>{"const char *", "unsigned long long", "uint32_t",
                                      "struct conn *", "conn_t *"}));
  EXPECT_EQ(p.probes[3].arg_is_pointer, (std::vector<bool>{true, false, false, true, true}));
}

TEST(UsdtProviderFile, TranslatedArgumentsByNameElseByPosition) {
  auto providers = Providers(
      "typedef struct info { int i; } info_t;\n"
      "provider p {\n"
      "  probe plain(int);\n"
      "  probe named(struct conn *c, int n, char *s) : (string s, info_t *c);\n"
      "  probe positional(int, long) : (long, int);\n"
      "};\n");
  ASSERT_EQ(providers.at(0).probes.size(), 3u);
  EXPECT_TRUE(providers[0].probes[0].translated_args.empty());
  EXPECT_EQ(providers[0].probes[1].translated_args,
            (std::vector<UsdtTranslatedArg>{{"string", 2}, {"info_t *", 0}}));
  EXPECT_EQ(providers[0].probes[2].translated_args,
            (std::vector<UsdtTranslatedArg>{{"long", 0}, {"int", 1}}));
  EXPECT_EQ(Error("provider p { probe x(int a) : (int a, int b); };"),
            "line 1: probe x output argument 2 translates no input argument: the input "
            "prototype has 1 [D_PROV_PRARGLEN]");
}

TEST(UsdtProviderFile, SeveralProvidersAndRedeclaration) {
  auto providers = Providers(
      "provider a { probe x(); };\n"
      "provider b { probe y(int); };\n"
      "provider a { probe z(); };\n");
  ASSERT_EQ(providers.size(), 2u);
  EXPECT_EQ(providers[0].probes.size(), 2u);
  EXPECT_EQ(providers[1].name, "b");
}

TEST(UsdtProviderFile, DtraceNames) {
  EXPECT_EQ(UsdtDtraceName("query__receive"), "query-receive");
  EXPECT_EQ(UsdtDtraceName("a___b"), "a-_b");
  EXPECT_EQ(UsdtDtraceName("tick"), "tick");
}

TEST(UsdtProviderFile, ErrorsAsDtraceGivesThem) {
  EXPECT_EQ(Error("provider p1 { probe x(); };"),
            "line 1: provider name may not end with a digit: p1 [D_PROV_BADNAME]");
  EXPECT_EQ(Error("provider p {\n probe x__y();\n probe x__y(int);\n};"),
            "line 3: probe redeclared: p:x-y [D_PROV_PRDUP]");
  EXPECT_EQ(Error("provider p { probe x(int,int,int,int,int,int,int,int,int,int,int,int,int); };"),
            "line 1: probe x input prototype exceeds 12 parameters: 13 params used "
            "[D_PROV_PRARGLEN]");
  EXPECT_EQ(Error("provider p { probe x(double); };"),
            "line 1: probe x argument of type double cannot be passed: USDT arguments are "
            "integers and pointers [D_PROV_INCOMPAT]");
  EXPECT_EQ(Error("provider p { probe x(struct s); };"),
            "line 1: probe x argument of type struct s cannot be passed by value: pass a pointer "
            "to it [D_PROV_INCOMPAT]");
  EXPECT_EQ(Error("provider p { probe x(int[4]); };"),
            "line 1: probe x argument of type int is an array: pass a pointer to it "
            "[D_PROV_INCOMPAT]");
  EXPECT_EQ(Error("provider p { probe x(); };\nBEGIN { exit(0); }"),
            "line 2: probe clauses cannot be compiled into a header or an object (-h, -G): a "
            "provider file holds provider definitions only [D_PROV_INCOMPAT]");
  EXPECT_EQ(Error("provider " + std::string(70, 'a') + " { probe x(); };"),
            "line 1: provider name may not exceed 63 characters: " + std::string(61, 'a') +
                "... [D_PROV_BADNAME]");
}

TEST(UsdtProviderFile, SyntaxErrorsComeFromTheDParser) {
  // The parser's own syntax errors, with their lines.
  EXPECT_NE(Error("provider p { probe x(int) };"), "no error");
  EXPECT_NE(Error("provider p { prob x(); };"), "no error");
  EXPECT_NE(Error("provider p { probe x(; };"), "no error");
  EXPECT_NE(Error("provider { probe x(); };"), "no error");
  EXPECT_EQ(Error("provider p {\n probe x(int)\n};").substr(0, 7), "line 3:");
}

}  // namespace
}  // namespace dt
