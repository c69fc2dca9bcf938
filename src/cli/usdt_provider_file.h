// The provider definitions of a USDT provider file (dtrace -h / -G):
//
//   #pragma D attributes Evolving/Evolving/Common provider myserv provider
//   provider myserv {
//           probe query__receive(char *, int);
//           probe query__respond();
//   };
//
// The file is parsed by the D front end (ast::Program::providers; #pragma
// lines, typedefs, structs, inlines and translators are D declarations the
// parser already accepts), and checked here as DTrace checks a provider:
// names (D_PROV_BADNAME), a probe declared twice (D_PROV_PRDUP), argument
// types a probe site can pass (D_PROV_PRARGLEN for more than stapsdt's 12).
// Probe clauses are refused: -G cannot embed a D program in an object here.
#pragma once

#include <string>
#include <vector>

#include "frontend/ast.h"
#include "providers/usdt_provider.h"

namespace dt {

struct UsdtProbeDef {
  std::string name;                    // as written: "query__receive"
  std::vector<std::string> arg_types;  // C spellings: "char *", "int"
  std::vector<bool> arg_is_pointer;    // per argument: a pointer (passed as 8 unsigned bytes)
  int line = 0;
  // The translated prototype after ':' (D spellings, each with the native
  // argument it translates: the one of the same name, else the one at its
  // position); empty when there is none.
  std::vector<UsdtTranslatedArg> translated_args;
};

struct UsdtProviderDef {
  std::string name;
  std::vector<UsdtProbeDef> probes;  // in declaration order
  int line = 0;
};

// At most this many arguments: what a stapsdt note's consumers read.
inline constexpr size_t kMaxUsdtArgs = 12;

// The providers of one parsed file, checked. Throws CompileError.
std::vector<UsdtProviderDef> UsdtProviders(const ast::Program& program);

// The same for the provider definitions of a tracing program (which may
// also hold clauses): their probes' types type the args[] of usdt probes
// whose objects carry none (cli/compile_step.cc).
std::vector<UsdtProviderDef> UsdtProviderDefs(const std::vector<ast::ProviderDecl>& decls);

// Those definitions as the usdt provider takes them (SetUsdtScriptPrototypes),
// appended to *out.
void AppendUsdtScriptProbes(const std::vector<ast::ProviderDecl>& decls,
                            std::vector<UsdtScriptProbe>* out);

// DTrace's name of a probe: every "__" becomes "-" ("query-receive").
std::string UsdtDtraceName(const std::string& written);

}  // namespace dt
