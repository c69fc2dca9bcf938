#include "cli/usdt_generate.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "cli/run_settings.h"
#include "cli/script_file.h"
#include "cli/script_preprocessor.h"
#include "cli/usdt_header.h"
#include "cli/usdt_object.h"
#include "cli/usdt_provider_file.h"
#include "common/diagnostic.h"
#include "elf/elf_file.h"
#include "elf/stapsdt_notes.h"
#include "frontend/line_map.h"
#include "frontend/parser.h"

namespace dt {

namespace {

struct ProviderFile {
  std::string path;
  std::vector<UsdtProviderDef> providers;
};

// -xerrtags as given on the command line (pragmas cannot set it for a file
// whose parse is what fails).
bool WantsErrtags(const Options& opts) {
  bool on = false;
  for (const OptionSetting& x : opts.xopts) {
    if (x.name != "errtags") continue;
    std::optional<bool> v = ParseBooleanOption(x.value);
    on = v.value_or(on);
  }
  return on;
}

// One -s file: read, preprocessed (-C), parsed and checked.
OrDtraceError<ProviderFile> ReadProviderFile(const std::string& path, const Options& opts) {
  LineMap line_map;
  try {
    std::string text = ReadScriptFile(path);
    if (opts.cpp) {
      PreprocessedScript preprocessed = PreprocessScript(path, text, opts);
      text = std::move(preprocessed.text);
      line_map = std::move(preprocessed.line_map);
    }
    MacroEnv macros;
    macros.args.push_back(path);
    macros.source_is_file = true;
    macros.arg_ref = true;  // -G's operands are objects, not macro arguments
    ast::Program program = ParseProgram(text, macros);
    return ProviderFile{path, UsdtProviders(program)};
  } catch (const CompileError& e) {
    return DtraceError{"failed to compile script " + path + ": " +
                       line_map.Format(e, WantsErrtags(opts))};
  } catch (const RuntimeError& e) {
    return DtraceError{e.what()};
  }
}

OrDtraceError<int> WriteFile(const std::string& path, const std::string& bytes) {
  int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) return DtraceError{"failed to open " + path + ": " + strerror(errno)};
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      int err = errno;
      close(fd);
      return DtraceError{"failed to write " + path + ": " + strerror(err)};
    }
    done += static_cast<size_t>(n);
  }
  if (close(fd) != 0) return DtraceError{"failed to write " + path + ": " + strerror(errno)};
  return 0;
}

// The probe sites of the objects must name declared probes.
std::optional<DtraceError> CheckObjects(const std::vector<std::string>& objects,
                                        const std::vector<ProviderFile>& files) {
  std::set<std::string> providers;
  std::set<std::pair<std::string, std::string>> probes;  // provider, DTrace name
  for (const ProviderFile& f : files)
    for (const UsdtProviderDef& p : f.providers) {
      providers.insert(p.name);
      for (const UsdtProbeDef& probe : p.probes)
        probes.insert({p.name, UsdtDtraceName(probe.name)});
    }
  const std::string prefix = "failed to link script " + files.front().path + ": ";
  for (const std::string& object : objects) {
    std::string error;
    std::unique_ptr<elf::ElfFile> file = elf::ElfFile::Open(object, &error);
    if (!file) return DtraceError{prefix + error};
    if (file->type() != elf::ElfType::kRelocatable) {
      return DtraceError{prefix + object + " is not a relocatable object (a .o file)"};
    }
    for (const elf::SdtProbe& site : elf::ReadSdtProbes(*file).probes) {
      if (!providers.count(site.provider)) continue;
      std::string name = elf::DtraceProbeName(site.name);
      if (!probes.count({site.provider, name})) {
        return DtraceError{prefix + object + " has a probe site for " + site.provider + ":" + name +
                           ", which no provider definition declares"};
      }
    }
  }
  return std::nullopt;
}

}  // namespace

OrDtraceError<int> GenerateUsdtFiles(const Options& opts) {
  bool header = opts.generate == Options::Generate::kHeader;
  const char* flag = header ? "-h" : "-G";
  std::vector<ProviderFile> files;
  for (const ProgramSource& s : opts.sources) {
    if (s.kind != ProgramSource::Kind::kScript) {
      return DtraceError{std::string(flag) +
                         " takes provider definitions from -s files only, not from -n, -P, "
                         "-m, -f or -i"};
    }
    OrDtraceError<ProviderFile> file = ReadProviderFile(s.text, opts);
    if (auto* error = std::get_if<DtraceError>(&file)) return *error;
    files.push_back(std::move(std::get<ProviderFile>(file)));
  }
  if (files.empty()) return DtraceError{std::string(flag) + " requires a provider file (-s)"};

  std::string output = opts.output_file;
  if (output.empty()) {
    const std::string& first = files.front().path;
    if (first.size() < 3 || first.compare(first.size() - 2, 2, ".d") != 0) {
      return DtraceError{std::string(flag) + " needs an output file (-o): " + first +
                         " does not end in .d"};
    }
    output = first.substr(0, first.size() - 2) + (header ? ".h" : ".o");
  }

  std::vector<UsdtProviderDef> all;
  for (const ProviderFile& f : files) all.insert(all.end(), f.providers.begin(), f.providers.end());
  if (header) {
    std::string sources;
    for (const ProviderFile& f : files) sources += (sources.empty() ? "" : ", ") + f.path;
    return WriteFile(output, UsdtHeader(all, output, sources));
  }
  if (std::optional<DtraceError> error = CheckObjects(opts.script_args, files)) return *error;
  std::vector<std::string> semaphores;
  std::vector<elf::UsdtPrototype> prototypes;
  std::set<std::string> seen;
  for (const UsdtProviderDef& p : all)
    for (const UsdtProbeDef& probe : p.probes) {
      std::string symbol = UsdtSemaphoreSymbol(p.name, probe.name);
      if (!seen.insert(symbol).second) continue;
      semaphores.push_back(symbol);
      prototypes.push_back({p.name, probe.name, probe.arg_types});
    }
  return WriteFile(output, UsdtSemaphoreObject(semaphores, prototypes));
}

}  // namespace dt
