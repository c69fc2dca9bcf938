#include "cli/probe_listing.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <variant>

#include "cli/compile_step.h"
#include "cli/run_settings.h"
#include "cli/script_file.h"
#include "cli/script_preprocessor.h"
#include "cli/usdt_provider_file.h"
#include "common/diagnostic.h"
#include "frontend/parser.h"
#include "providers/provider.h"
#include "providers/stability.h"
#include "providers/usdt_provider.h"

namespace dt {

namespace {

std::string StripTrailingSpace(std::string s) {
  while (!s.empty() && isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
  return s;
}

bool IsProbeIdNumber(const std::string& text) {
  return !text.empty() && text.size() <= 9 &&
         std::all_of(text.begin(), text.end(), [](char c) { return isdigit((unsigned char)c); });
}

// The macro variables descriptions may use; $target is the -c or -p
// process, 0 without one.
MacroEnv ListingMacros(const Options& opts, int target_pid, const std::string& arg0) {
  MacroEnv macros;
  macros.args.push_back(arg0);
  for (const std::string& a : opts.script_args) macros.args.push_back(a);
  macros.named = ProcessMacros(target_pid);
  macros.source_is_file = true;
  for (const OptionSetting& o : opts.xopts) {
    bool on = ParseBooleanOption(o.value).value_or(false);
    if (o.name == "defaultargs") macros.default_args = on;
    if (o.name == "argref") macros.arg_ref = on;
  }
  return macros;
}

std::vector<std::string> ClauseDescriptions(const ast::Program& program) {
  std::vector<std::string> descriptions;
  for (const ast::TopLevel& item : program.items) {
    if (const auto* clause = std::get_if<ast::Clause>(&item)) {
      for (const ast::ProbeSpec& spec : clause->probes) descriptions.push_back(spec.text);
    }
  }
  return descriptions;
}

// A script as the parser leaves it (macro variables expanded).
ast::Program ParsedScript(const ProgramSource& source, const Options& opts, int target_pid) {
  MacroEnv macros = ListingMacros(opts, target_pid, source.text);
  std::string text = ReadScriptFile(source.text);
  if (opts.cpp) text = PreprocessScript(source.text, text, opts).text;
  return ParseProgram(text, macros);
}

// The provider definitions of the scripts (a provider file beside the
// descriptions) type the usdt probes listed, as they do when tracing.
void SetScriptProviders(const std::vector<ast::Program>& scripts) {
  std::vector<UsdtScriptProbe> probes;
  for (const ast::Program& script : scripts) AppendUsdtScriptProbes(script.providers, &probes);
  SetUsdtScriptPrototypes(probes);
}

// A -n description with macro variables ($target, $1), expanded as the
// parser expands a clause's.
std::string ExpandDescription(const std::string& desc, const Options& opts, int target_pid) {
  if (desc.find('$') == std::string::npos) return desc;
  std::vector<std::string> expanded =
      ClauseDescriptions(ParseProgram(desc + " {}", ListingMacros(opts, target_pid, "dtrace")));
  return expanded.size() == 1 ? expanded.front() : desc;
}

void AddMatches(ProbeRegistry& registry, const std::string& description,
                std::vector<const Probe*>* shown) {
  std::vector<const Probe*> found = registry.Match(description);
  std::erase_if(found, [](const Probe* p) { return p->placeholder; });
  if (found.empty()) {
    throw RuntimeError("failed to match " + description + ": No probe matches description");
  }
  shown->insert(shown->end(), found.begin(), found.end());
}

void PrintAttributes(const char* title, const Attributes& attrs, FILE* out) {
  fprintf(out, "\n\t%s\n", title);
  fprintf(out, "\t\tIdentifier Names: %s\n", StabilityName(attrs.name));
  fprintf(out, "\t\tData Semantics:   %s\n", StabilityName(attrs.data));
  fprintf(out, "\t\tDependency Class: %s\n", DependencyClassName(attrs.dependency));
}

}  // namespace

std::string ListingDescription(const ProgramSource& source) {
  std::string desc = StripTrailingSpace(source.text.substr(0, source.text.find_first_of("/{")));
  switch (source.kind) {
    case ProgramSource::Kind::kProvider:
      return desc + ":::";
    case ProgramSource::Kind::kModule:
      return desc + "::";
    case ProgramSource::Kind::kFunction:
      return desc + ":";
    default:
      return desc;
  }
}

std::vector<const Probe*> ProbesToList(ProbeRegistry& registry, const Options& opts,
                                       int target_pid) {
  std::vector<const Probe*> shown;
  // Every probe, with those providers make on demand (fbt).
  if (opts.sources.empty()) return registry.Match(":::");
  std::vector<ast::Program> scripts;
  for (const ProgramSource& source : opts.sources)
    if (source.kind == ProgramSource::Kind::kScript)
      scripts.push_back(ParsedScript(source, opts, target_pid));
  SetScriptProviders(scripts);
  size_t script = 0;
  for (const ProgramSource& source : opts.sources) {
    if (source.kind == ProgramSource::Kind::kScript) {
      for (const std::string& desc : ClauseDescriptions(scripts[script++]))
        AddMatches(registry, desc, &shown);
      continue;
    }
    std::string desc = ExpandDescription(ListingDescription(source), opts, target_pid);
    if (source.kind == ProgramSource::Kind::kProbeId && IsProbeIdNumber(desc)) {
      const Probe* probe = registry.ById(static_cast<uint32_t>(std::stoul(desc)));
      if (probe == nullptr) {
        throw RuntimeError("failed to match " + desc + ": No probe matches description");
      }
      shown.push_back(probe);
      continue;
    }
    AddMatches(registry, desc, &shown);
  }
  std::sort(shown.begin(), shown.end(),
            [](const Probe* a, const Probe* b) { return a->id < b->id; });
  shown.erase(std::unique(shown.begin(), shown.end()), shown.end());
  return shown;
}

void PrintListingHeader(FILE* out) {
  fprintf(out, "%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE", "FUNCTION", "NAME");
}

void PrintProbeLine(const Probe& probe, FILE* out) {
  fprintf(out, "%5u %10s %17s %33s %s\n", probe.id, probe.provider.c_str(), probe.module.c_str(),
          probe.function.c_str(), probe.name.c_str());
}

void PrintProbeDetails(const ProbeRegistry& registry, const Probe& probe, FILE* out) {
  PrintAttributes("Probe Description Attributes", DescriptionAttributes(probe), out);
  PrintAttributes("Argument Attributes", probe.owner->Attributes().args, out);
  fprintf(out, "\n\tArgument Types\n");
  const std::vector<ProbeArg>& args = registry.Args(probe);
  for (size_t i = 0; i < args.size(); ++i) {
    fprintf(out, "\t\targs[%zu]: %s\n", i, args[i].type.c_str());
  }
  if (args.empty()) fprintf(out, "\t\tNone\n");
  fprintf(out, "\n");
}

void PrintProbeListing(ProbeRegistry& registry, const Options& opts, FILE* out, int target_pid) {
  std::vector<const Probe*> shown = ProbesToList(registry, opts, target_pid);
  PrintListingHeader(out);
  for (const Probe* probe : shown) {
    PrintProbeLine(*probe, out);
    if (opts.verbose) PrintProbeDetails(registry, *probe, out);
  }
}

}  // namespace dt
