#include "cli/usdt_provider_file.h"

#include <cctype>
#include <set>
#include <variant>

#include "common/diagnostic.h"

namespace dt {

namespace {

// DTrace's limits on provider and probe names (DTRACE_PROVNAMELEN and
// DTRACE_NAMELEN, each with its NUL).
constexpr size_t kProviderNameMax = 63;
constexpr size_t kProbeNameMax = 63;

bool IsFloating(const std::string& base) {
  return base == "float" || base == "double" || base == "long double";
}

// The C spelling of a D argument type, and whether a probe site passes it
// as a pointer. What C cannot pass in one register or memory word (arrays,
// structs and unions by value, floating point, void) is refused.
std::string CType(const ast::TypeName& t, const std::string& probe, bool* is_pointer) {
  auto refuse = [&](const std::string& why) -> std::string {
    throw CompileError("D_PROV_INCOMPAT", t.line,
                       "probe " + probe + " argument of type " + t.base + " " + why);
  };
  if (!t.array_dims.empty()) refuse("is an array: pass a pointer to it");
  std::string out;
  if (t.is_const) out += "const ";
  if (t.is_volatile) out += "volatile ";
  *is_pointer = t.pointer_depth > 0 || t.base == "string";
  if (t.base == "string") {
    // D's string is a C string in the program: DTrace writes "char *" too.
    out += "char *";
    if (t.pointer_depth) out += std::string(t.pointer_depth, '*');
    return out;
  }
  if (t.pointer_depth == 0) {
    if (t.base == "void") refuse("cannot be passed");
    if (IsFloating(t.base)) refuse("cannot be passed: USDT arguments are integers and pointers");
    if (t.base.rfind("struct ", 0) == 0 || t.base.rfind("union ", 0) == 0)
      refuse("cannot be passed by value: pass a pointer to it");
  }
  out += t.base;
  if (t.pointer_depth) out += " " + std::string(t.pointer_depth, '*');
  return out;
}

// D's spelling of a translated argument's type: "conninfo_t *", "string".
std::string DType(const ast::TypeName& t) {
  std::string out;
  if (t.is_const) out += "const ";
  if (t.is_volatile) out += "volatile ";
  out += t.base;
  if (t.pointer_depth) out += " " + std::string(t.pointer_depth, '*');
  return out;
}

// The translated prototype of `probe`, each argument with the native one it
// translates: DTrace maps them by name where the names agree, else by
// position.
std::vector<UsdtTranslatedArg> TranslatedArgs(const ast::ProbeDecl& probe,
                                              const std::string& dname) {
  if (probe.xargs.size() > kMaxUsdtArgs) {
    throw CompileError("D_PROV_PRARGLEN", probe.line,
                       "probe " + Excerpt(dname) + " output prototype exceeds " +
                           std::to_string(kMaxUsdtArgs) +
                           " parameters: " + std::to_string(probe.xargs.size()) + " params used");
  }
  std::vector<UsdtTranslatedArg> out;
  for (size_t i = 0; i < probe.xargs.size(); ++i) {
    size_t from = i;
    const std::string& name = i < probe.xarg_names.size() ? probe.xarg_names[i] : "";
    for (size_t k = 0; !name.empty() && k < probe.arg_names.size(); ++k)
      if (probe.arg_names[k] == name) from = k;
    if (from >= probe.args.size()) {
      throw CompileError("D_PROV_PRARGLEN", probe.line,
                         "probe " + Excerpt(dname) + " output argument " + std::to_string(i + 1) +
                             " translates no input argument: the input prototype has " +
                             std::to_string(probe.args.size()));
    }
    out.push_back({DType(probe.xargs[i]), from});
  }
  return out;
}

}  // namespace

std::string UsdtDtraceName(const std::string& written) {
  std::string out;
  for (size_t i = 0; i < written.size(); i++) {
    if (written[i] == '_' && i + 1 < written.size() && written[i + 1] == '_') {
      out += '-';
      i++;
    } else {
      out += written[i];
    }
  }
  return out;
}

std::vector<UsdtProviderDef> UsdtProviders(const ast::Program& program) {
  for (const ast::TopLevel& item : program.items) {
    if (const auto* clause = std::get_if<ast::Clause>(&item)) {
      throw CompileError("D_PROV_INCOMPAT", clause->line,
                         "probe clauses cannot be compiled into a header or an object (-h, "
                         "-G): a provider file holds provider definitions only");
    }
  }
  return UsdtProviderDefs(program.providers);
}

std::vector<UsdtProviderDef> UsdtProviderDefs(const std::vector<ast::ProviderDecl>& decls) {
  std::vector<UsdtProviderDef> out;
  for (const ast::ProviderDecl& decl : decls) {
    const std::string shown = Excerpt(decl.name);
    if (decl.name.size() > kProviderNameMax) {
      throw CompileError("D_PROV_BADNAME", decl.line,
                         "provider name may not exceed " + std::to_string(kProviderNameMax) +
                             " characters: " + shown);
    }
    if (isdigit(static_cast<unsigned char>(decl.name.back()))) {
      throw CompileError("D_PROV_BADNAME", decl.line,
                         "provider name may not end with a digit: " + shown);
    }
    // A provider declared again adds nothing new here: DTrace compares the
    // two interfaces; the probes of both must then agree, which the
    // duplicate check below enforces for one file.
    UsdtProviderDef* def = nullptr;
    for (UsdtProviderDef& d : out)
      if (d.name == decl.name) def = &d;
    if (def == nullptr) {
      out.push_back(UsdtProviderDef{decl.name, {}, decl.line});
      def = &out.back();
    }
    std::set<std::string> seen;
    for (const UsdtProbeDef& p : def->probes) seen.insert(UsdtDtraceName(p.name));
    for (const ast::ProbeDecl& probe : decl.probes) {
      std::string dname = UsdtDtraceName(probe.name);
      if (dname.size() > kProbeNameMax) {
        throw CompileError("D_PROV_BADNAME", probe.line,
                           "probe name may not exceed " + std::to_string(kProbeNameMax) +
                               " characters: " + Excerpt(dname));
      }
      if (!seen.insert(dname).second) {
        throw CompileError("D_PROV_PRDUP", probe.line,
                           "probe redeclared: " + shown + ":" + Excerpt(dname));
      }
      if (probe.args.size() > kMaxUsdtArgs) {
        throw CompileError(
            "D_PROV_PRARGLEN", probe.line,
            "probe " + Excerpt(dname) + " input prototype exceeds " + std::to_string(kMaxUsdtArgs) +
                " parameters: " + std::to_string(probe.args.size()) + " params used");
      }
      UsdtProbeDef p{probe.name, {}, {}, probe.line, TranslatedArgs(probe, dname)};
      for (const ast::TypeName& t : probe.args) {
        bool is_pointer = false;
        p.arg_types.push_back(CType(t, dname, &is_pointer));
        p.arg_is_pointer.push_back(is_pointer);
      }
      def->probes.push_back(std::move(p));
    }
  }
  return out;
}

void AppendUsdtScriptProbes(const std::vector<ast::ProviderDecl>& decls,
                            std::vector<UsdtScriptProbe>* out) {
  for (const UsdtProviderDef& provider : UsdtProviderDefs(decls))
    for (const UsdtProbeDef& probe : provider.probes)
      out->push_back({{provider.name, probe.name, probe.arg_types}, probe.translated_args});
}

}  // namespace dt
