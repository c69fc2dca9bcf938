// dtrace(1) command-line parsing.
//
// ParseOptions turns argv into an Options value without touching the system:
// no files are opened, no option values beyond their syntax are checked (the
// driver checks -x names and values when it applies them, through
// cli/run_settings). It follows the
// illumos dtrace conventions:
//   - getopt-style clusters: "-qn BEGIN", "-nBEGIN", "-xopt=val", "-x opt=val";
//   - options may follow operands; every operand becomes a macro argument
//     ($1, $2, ...) in command-line order; "--" ends option processing;
//   - "#!/usr/sbin/dtrace -q -s" interpreter lines, which the kernel hands
//     over as the single argv[1] "-q -s", are split on white space;
//   - -q, -F, -w, -Z, -b N, -X s are recorded as the equivalent -x options
//     (quiet, flowindent, destructive, zdefs, bufsize=N, stdc=s) so the
//     driver applies every option through one path.
// -h is DTrace's "generate a header file" for USDT providers and -G its
// "generate an ELF object" (cli/usdt_generate.h), never help; --help prints
// the usage text. With -G the operands are the objects to link.
//
// Errors throw UsageError, whose text is dtrace's: "dtrace: illegal option
// -- k", "dtrace: option requires an argument -- n", ...
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace dt {

// A command-line error. The driver prints what() (when not empty) and a
// newline to stderr, then UsageText() to stderr when show_usage(), and exits
// with exit_status() (2 for usage errors, as dtrace does; 1 for the few
// errors dtrace reports as fatal, such as "invalid pid").
class UsageError : public std::runtime_error {
 public:
  explicit UsageError(const std::string& message, bool show_usage = false, int exit_status = 2)
      : std::runtime_error(message), show_usage_(show_usage), exit_status_(exit_status) {}

  bool show_usage() const { return show_usage_; }
  int exit_status() const { return exit_status_; }

 private:
  bool show_usage_;
  int exit_status_;
};

// One program given on the command line, in command-line order.
struct ProgramSource {
  enum class Kind {
    kProbeDesc,  // -n: [[[provider:]module:]function:]name [[predicate] action]
    kProvider,   // -P
    kModule,     // -m
    kFunction,   // -f
    kProbeId,    // -i (dtrace compiles it like -n)
    kScript,     // -s: text is the file name
  } kind;
  std::string text;  // the argument as given

  bool operator==(const ProgramSource&) const = default;
};

// One option setting, from -x name=value or a flag that stands for an
// option (-b 4m is bufsize=4m with flag 'b'): messages name what was typed.
struct OptionSetting {
  std::string name;
  std::string value;  // "" when none was given
  char flag = 'x';

  bool operator==(const OptionSetting&) const = default;
};

struct Options {
  std::vector<ProgramSource> sources;
  std::vector<std::string> script_args;  // operands: $1, $2, ... ($0 is the driver's)

  bool list = false;                // -l
  bool verbose = false;             // -v
  bool quiet = false;               // -q or -x quiet
  bool compile_only = false;        // -e
  bool destructive = false;         // -w or -x destructive
  bool allow_zero_matches = false;  // -Z or -x zdefs
  bool flow_indent = false;         // -F or -x flowindent
  bool show_bpf = false;            // -S: print the generated BPF
  bool show_version = false;        // -V (or --version)
  bool help = false;                // --help: print UsageText to stdout, exit 0

  // -h (a C header) or -G (an ELF object) from the -s provider files.
  enum class Generate { kNone, kHeader, kObject };
  Generate generate = Generate::kNone;

  std::string output_file;            // -o (the last one wins)
  std::vector<std::string> commands;  // -c, each a command line to run
  std::vector<int> pids;              // -p

  // -x name[=value] in command-line order, plus the options the short flags
  // stand for. value is empty when none was given.
  std::vector<OptionSetting> xopts;

  // Preprocessor options, for -C.
  bool cpp = false;                       // -C or -x cpp
  bool print_includes = false;            // -H
  std::vector<std::string> include_dirs;  // -I
  // -D name[=value] and -U name, in command-line order: the preprocessor
  // applies them in that order.
  struct MacroOption {
    bool undefine = false;
    std::string text;  // as given
    bool operator==(const MacroOption&) const = default;
  };
  std::vector<MacroOption> macros;
  std::vector<std::string> lib_dirs;  // -L
};

// argv[0] is the program name; its base name prefixes error messages.
Options ParseOptions(int argc, char** argv);

// The usage message dtrace prints (to stderr on error, to stdout for -h),
// limited to the options this implementation supports. Ends with a newline.
std::string UsageText(const char* progname);

}  // namespace dt
