#include "cli/options.h"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <string_view>

namespace dt {
namespace {

std::string BaseName(const char* path) {
  std::string_view name = (path != nullptr && *path != '\0') ? path : "dtrace";
  while (name.size() > 1 && name.back() == '/') name.remove_suffix(1);
  size_t slash = name.rfind('/');
  if (slash != std::string_view::npos && slash + 1 < name.size()) name.remove_prefix(slash + 1);
  return std::string(name);
}

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f'; }

std::vector<std::string> SplitOnSpace(std::string_view text) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && IsSpace(text[i])) ++i;
    size_t start = i;
    while (i < text.size() && !IsSpace(text[i])) ++i;
    if (i > start) words.emplace_back(text.substr(start, i - start));
  }
  return words;
}

// The kernel passes everything after the interpreter path of a "#!" line as
// one argument, so "#!/usr/sbin/dtrace -q -s" arrives as argv[1] == "-q -s".
// Such an argument always ends with the option naming the script (-s, -qs,
// ...); requiring that keeps "-nBEGIN { exit(0); }" intact.
bool LooksLikeInterpreterOptions(std::string_view arg) {
  if (arg.size() < 2 || arg[0] != '-') return false;
  std::vector<std::string> words = SplitOnSpace(arg);
  if (words.size() < 2) return false;
  const std::string& last = words.back();
  if (last.size() < 2 || last[0] != '-' || last.back() != 's') return false;
  for (char c : std::string_view(last).substr(1)) {
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) return false;
  }
  return true;
}

constexpr std::string_view kFlagLetters = "aACeFGhHlqSvVwZ";
constexpr std::string_view kArgumentLetters = "36bcDfiILmnoPpsUxX";

class Parser {
 public:
  Parser(std::string pname, Options& out) : pname_(std::move(pname)), out_(out) {}

  void Parse(const std::vector<std::string>& args) {
    size_t i = 0;
    while (i < args.size()) {
      const std::string& arg = args[i++];
      if (arg == "--") {
        for (; i < args.size(); ++i) out_.script_args.push_back(args[i]);
        break;
      }
      if (arg.size() < 2 || arg[0] != '-') {
        out_.script_args.push_back(arg);
        continue;
      }
      if (arg[1] == '-') {
        LongOption(arg);
        continue;
      }
      for (size_t pos = 1; pos < arg.size(); ++pos) {
        char letter = arg[pos];
        if (kFlagLetters.find(letter) != std::string_view::npos) {
          Flag(letter);
          continue;
        }
        if (kArgumentLetters.find(letter) == std::string_view::npos) {
          Fail("illegal option -- " + std::string(1, letter));
        }
        // An option taking an argument consumes the rest of its cluster, or
        // else the next argument whatever it looks like (as getopt does).
        if (pos + 1 < arg.size()) {
          WithArgument(letter, arg.substr(pos + 1));
        } else if (i < args.size()) {
          WithArgument(letter, args[i++]);
        } else {
          Fail("option requires an argument -- " + std::string(1, letter));
        }
        break;
      }
    }
    if (modes_ > 1) {
      throw UsageError(pname_ + ": only one of the [-AGhlV] options can be specified at a time");
    }
  }

 private:
  [[noreturn]] void Fail(const std::string& message) {
    throw UsageError(pname_ + ": " + message, /*show_usage=*/true);
  }
  [[noreturn]] void Unsupported(const std::string& why) { throw UsageError(pname_ + ": " + why); }

  void LongOption(const std::string& arg) {
    if (arg == "--help") {
      out_.help = true;
    } else if (arg == "--version") {
      out_.show_version = true;
      ++modes_;
    } else {
      Fail("illegal option -- " + arg.substr(1));
    }
  }

  void SetOption(const std::string& name, const std::string& value, char flag = 'x') {
    if (value.empty()) {
      if (name == "quiet") out_.quiet = true;
      if (name == "flowindent") out_.flow_indent = true;
      if (name == "destructive") out_.destructive = true;
      if (name == "zdefs") out_.allow_zero_matches = true;
      if (name == "cpp") out_.cpp = true;
    }
    out_.xopts.push_back(OptionSetting{name, value, flag});
  }

  void Flag(char letter) {
    switch (letter) {
      case 'a':
      case 'A':
        Unsupported("anonymous tracing (-a, -A) is not supported");
      case 'G':
        out_.generate = Options::Generate::kObject;
        ++modes_;
        break;
      case 'C':
        out_.cpp = true;
        break;
      case 'e':
        out_.compile_only = true;
        break;
      case 'F':
        SetOption("flowindent", "");
        break;
      case 'h':
        // DTrace's -h writes a header of USDT probe macros from a provider
        // definition (never help: --help is).
        out_.generate = Options::Generate::kHeader;
        ++modes_;
        break;
      case 'H':
        out_.print_includes = true;
        break;
      case 'l':
        out_.list = true;
        ++modes_;
        break;
      case 'q':
        SetOption("quiet", "");
        break;
      case 'S':
        out_.show_bpf = true;
        break;
      case 'v':
        out_.verbose = true;
        break;
      case 'V':
        out_.show_version = true;
        ++modes_;
        break;
      case 'w':
        SetOption("destructive", "");
        break;
      case 'Z':
        SetOption("zdefs", "");
        break;
    }
  }

  void AddSource(ProgramSource::Kind kind, const std::string& text) {
    out_.sources.push_back(ProgramSource{kind, text});
  }

  void WithArgument(char letter, const std::string& value) {
    using Kind = ProgramSource::Kind;
    switch (letter) {
      case '3':
        if (value != "2") Fail("illegal option -- 3" + value);
        Unsupported("-32 is not supported: BPF programs are always 64-bit");
      case '6':
        if (value != "4") Fail("illegal option -- 6" + value);
        break;  // the only data model there is
      case 'b':
        SetOption("bufsize", value, 'b');
        break;
      case 'c':
        out_.commands.push_back(value);
        break;
      case 'D':
        out_.macros.push_back({false, value});
        break;
      case 'f':
        AddSource(Kind::kFunction, value);
        break;
      case 'i':
        AddSource(Kind::kProbeId, value);
        break;
      case 'I':
        out_.include_dirs.push_back(value);
        break;
      case 'L':
        out_.lib_dirs.push_back(value);
        break;
      case 'm':
        AddSource(Kind::kModule, value);
        break;
      case 'n':
        AddSource(Kind::kProbeDesc, value);
        break;
      case 'o':
        out_.output_file = value;
        break;
      case 'P':
        AddSource(Kind::kProvider, value);
        break;
      case 'p':
        out_.pids.push_back(ParsePid(value));
        break;
      case 's':
        AddSource(Kind::kScript, value);
        break;
      case 'U':
        out_.macros.push_back({true, value});
        break;
      case 'x': {
        size_t eq = value.find('=');
        if (eq == std::string::npos) {
          SetOption(value, "");
        } else {
          SetOption(value.substr(0, eq), value.substr(eq + 1));
        }
        break;
      }
      case 'X':
        if (value != "a" && value != "c" && value != "s" && value != "t") {
          throw UsageError(
              pname_ + ": failed to set -X " + value + ": Invalid value for specified option",
              false, 1);
        }
        SetOption("stdc", value, 'X');
        break;
    }
  }

  // dtrace treats a malformed pid as a fatal error (status 1), not a usage
  // error. Pids <= 0 name process groups or "everyone" to kill(2), so they
  // are refused here rather than reaching the driver.
  int ParsePid(const std::string& text) {
    errno = 0;
    char* end = nullptr;
    long pid = std::strtol(text.c_str(), &end, 10);
    if (errno != 0 || text.empty() || *end != '\0' || pid <= 0 || pid > INT_MAX) {
      throw UsageError(pname_ + ": invalid pid: " + text, false, 1);
    }
    return static_cast<int>(pid);
  }

  std::string pname_;
  Options& out_;
  int modes_ = 0;
};

}  // namespace

Options ParseOptions(int argc, char** argv) {
  std::string pname = BaseName(argc > 0 ? argv[0] : nullptr);
  if (argc <= 1) throw UsageError("", /*show_usage=*/true);

  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i] != nullptr ? argv[i] : "";
    if (i == 1 && LooksLikeInterpreterOptions(arg)) {
      for (std::string& word : SplitOnSpace(arg)) args.push_back(std::move(word));
    } else {
      args.push_back(std::move(arg));
    }
  }

  Options options;
  Parser(pname, options).Parse(args);
  return options;
}

std::string UsageText(const char* progname) {
  const std::string predact = "[[ predicate ] action ]";
  std::string text = "Usage: " + BaseName(progname) +
                     " [-64] [-CeFGhHlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]\n"
                     "\t[-I path] [-L path] [-o output] [-p pid] [-s script] [-U name]\n"
                     "\t[-x opt[=val]] [-X a|c|s|t]\n\n";
  text += "\t[-P provider " + predact + "]\n";
  text += "\t[-m [ provider: ] module " + predact + "]\n";
  text += "\t[-f [[ provider: ] module: ] func " + predact + "]\n";
  text += "\t[-n [[[ provider: ] module: ] func: ] name " + predact + "]\n";
  text += "\t[-i probe-id " + predact + "] [ args ... ]\n\n";
  text +=
      "\tpredicate -> '/' D-expression '/'\n"
      "\t   action -> '{' D-statements '}'\n"
      "\n"
      "\t-64 build 64-bit D programs (the only model BPF has)\n"
      "\n"
      "\t-b  size of the principal trace buffer (default 4m, at most 1g): kernel\n"
      "\t    memory, mapped twice into dtrace (its RSS grows by twice the size);\n"
      "\t    a 1g buffer takes about 2 s to set up\n"
      "\t-c  start this command, trace it, and exit when it exits\n"
      "\t-C  pass script files through the C preprocessor first\n"
      "\t-D  define a preprocessor macro\n"
      "\t-e  stop after compiling; enable no probes\n"
      "\t-f  enable or list probes by function name\n"
      "\t-F  indent output by function entry and return\n"
      "\t-G  generate an ELF object defining a USDT provider's semaphores\n"
      "\t-h  generate a header file of USDT probe macros\n"
      "\t-H  show files included by the preprocessor\n"
      "\t-i  enable or list probes by probe id\n"
      "\t-I  add a directory to the preprocessor include path\n"
      "\t-l  list the probes that match, without enabling them\n"
      "\t-L  add a directory to the D library path\n"
      "\t-m  enable or list probes by module name\n"
      "\t-n  enable or list probes by probe name\n"
      "\t-o  write trace output to this file\n"
      "\t-p  trace this process ID, exiting when it exits\n"
      "\t-P  enable or list probes by provider name\n"
      "\t-q  quiet: print only explicitly traced data\n"
      "\t-s  compile the D program in this script file\n"
      "\t-S  print the BPF instructions generated for each clause\n"
      "\t-U  undefine a preprocessor macro\n"
      "\t-v  verbose: report stability attributes and argument types\n"
      "\t-V  print the DTrace API version and exit\n"
      "\t-w  allow destructive actions\n"
      "\t-x  set a compiler or tracing option\n"
      "\t-X  choose the ISO C conformance mode of the preprocessor\n"
      "\t-Z  allow probe descriptions that match no probes\n"
      "\n\tThe manual, \"man 8 dtrace\", describes every option, provider and probe.\n";
  return text;
}

}  // namespace dt
