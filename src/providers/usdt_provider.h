// The usdt provider: the static probes a process already carries (the
// .note.stapsdt notes <sys/sdt.h> writes), named as DTrace names USDT
// probes: <provider><PID>:<module>:<function>:<name>.
//
//   provider  the note's provider and the process's pid (python1234)
//   module    the file name of the object holding the probe (python3.11)
//   function  the function whose code holds the probe site ("" if none)
//   name      the note's name with each "__" turned into "-"
//             (function-entry); a description may also use the note's own
//             spelling (function__entry)
//
// Probes are made on demand, when a description names a provider with a
// pid, from the executable and every shared object the process maps at
// that moment (a -c process first runs to its entry point, so its
// libraries are mapped). Objects it maps later (dlopen(3)) are looked at
// when the run matches the description again (cli/late_probes.h: the
// dynamic linker's hook stopped the process): the probes made then join
// the program already loaded, their sites' operands written as data it
// reads (codegen/usdt_site_table.h). With -Z, a description that names the
// process by its pid and matches nothing yet makes a placeholder probe
// (SetUsdtPlaceholders), so its clause has a program for them to join. A
// process a provider glob (python*) found when tracing started is watched
// the same way; matched again, the glob looks at that process alone
// (ProbeRegistry::process_scope). A process that has none of the glob's
// probes when tracing starts is not looked at again.
//
// One probe may have several sites (a probe macro inlined twice in one
// function); each site keeps its own argument operands. All probes of a
// process fire from one uprobe program, told apart by the attach cookie:
// the probe's index in the program's probe list in the high 32 bits, the
// site's index among all the program's sites in the low 32 (see
// codegen/usdt_context.cc).
//
// args[] (providers/usdt_args.h): the types the provider file declared,
// when the object was built with our dtrace -G, which records them in a
// note of its own (elf/usdt_prototypes.h), or else when the tracing
// program holds the provider's definition (dtrace -s provider.d -s
// script.d); otherwise integers of each argument's size and sign in the
// stapsdt note (int32_t, uint64_t).
//
// A probe behind a semaphore (is-enabled probes: python's) has it counted
// up by the kernel's uprobe reference counter while it is attached.
//
// Beyond DTrace, by file (option usdtpath=/usr/bin/python3.11[:more]): a
// description whose provider names no pid (python:::function-entry) takes
// the probes of those files, named <provider>:<file name>:<function>:<name>
// and attached to the file itself (pid 0 in UsdtProbeData), so they fire
// in every process that runs it, started before dtrace or after;
// `pid` and `execname` tell the processes apart. A description cannot hold
// the path itself: '/' ends a probe description in D (a predicate).
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

#include "elf/sdt_argument.h"
#include "elf/usdt_prototypes.h"
#include "providers/provider.h"

namespace dt {

const Provider& UsdtProvider();

// One place in the object where a probe fires.
struct UsdtSite {
  uint64_t file_offset = 0;  // of the probe's nop (or of the 5-byte nop after it), for the uprobe
  uint64_t semaphore_file_offset = 0;  // of its 2-byte counter; 0 for none
  // The operands of arg0..argN; a symbol-relative memory operand has its
  // symbol's address in this process folded into `value`.
  std::vector<elf::SdtArgument> arguments;
  // Why the arguments are unknown (then every argN is 0); "" when known.
  std::string argument_error;
};

// One argument of a probe's translated prototype (`probe q(struct conn *c)
// : (conninfo_t *c)`): D's type of args[N] and the native argument it
// translates.
struct UsdtTranslatedArg {
  std::string type;  // as D spells it: "conninfo_t *", "string"
  size_t from = 0;   // the native argument's index
  bool operator==(const UsdtTranslatedArg&) const = default;
};

struct UsdtProbeData : ProbeData {
  pid_t pid = 0;          // 0: every process that maps `path` (usdtpath)
  std::string note_name;  // the note's own spelling: function__entry
  std::string path;       // the object's file, as uprobes open it
  std::vector<UsdtSite> sites;
  // The argument types the provider file declared ("char *", "int"), when
  // the object carries them (built with our dtrace -G: see
  // elf/usdt_prototypes.h) or the tracing program defines the provider;
  // nullopt for other stapsdt probes, whose args[] are typed by size and
  // sign (providers/usdt_args.h).
  std::optional<std::vector<std::string>> declared_types;
  // The translated prototype the tracing program's provider definition
  // gives (args[N] is then xlate<type>((native)arg<from>), as DTrace's
  // args[] of a translated USDT probe); empty when it gives none.
  std::vector<UsdtTranslatedArg> translated_args;
};

const UsdtProbeData& UsdtData(const Probe& probe);

// Argument types for probes whose objects carry none: the provider
// definitions of the tracing program (`dtrace -s provider.d -s script.d`),
// by the note's provider (no pid) and the probe's note spelling. An
// object's own prototypes (dtrace -G) take precedence.
// Their translated prototypes, where they give one, apply whatever the
// object carries: the translators are the tracing program's.
struct UsdtScriptProbe {
  elf::UsdtPrototype prototype;
  std::vector<UsdtTranslatedArg> translated_args;
};
void SetUsdtScriptPrototypes(const std::vector<UsdtScriptProbe>& probes);

// The usdtpath option's value: files separated by ':' ("" for none).
void SetUsdtPaths(const std::string& paths);

// With -Z: a description that names a process by its pid
// (myprov$target:::probe) and matches none of its probes yet makes a
// placeholder probe (Probe::placeholder), so its clause has a program that
// the probes of libraries the process loads later join.
void SetUsdtPlaceholders(bool on);

// Attaches the program of one process at every site of `probes`, the
// cookie of each (probe index << 32 | site index) numbering the probes
// from first_index and their sites, in order, from first_site
// (Provider::Attach: 0 and 0; probes a run adds later: after the others).
runtime::Attachment AttachUsdtProbes(int prog_fd, const std::vector<const Probe*>& probes,
                                     size_t first_index, size_t first_site);

// The note's provider and the pid in a usdt provider name ("python1234" ->
// {"python", 1234}); nullopt for names that do not end in a pid and for
// the pid provider's own (pid1234).
struct UsdtProviderName {
  std::string provider;
  pid_t pid = 0;
};
std::optional<UsdtProviderName> ParseUsdtProviderName(const std::string& name);

// Whether a description's name field names a probe of the note `note_name`
// (either spelling, globs allowed).
bool UsdtNameMatches(const std::string& pattern, const std::string& note_name);

}  // namespace dt
