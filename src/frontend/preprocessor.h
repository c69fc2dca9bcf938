// The C preprocessor of dtrace -C, built in: no cpp is needed on the traced
// machine.
//
// DTrace runs cpp over each D program file (-s) when -C is given, and only
// over files: program text given with -n, -P, -m, -f or -i is compiled as
// it is. The preprocessing is ISO C99's (pp_lexer.h, pp_macros.h,
// pp_expr.h have the details) with these choices:
//   - #include "f" looks in the including file's directory, then the -I
//     directories, then the system directories; #include <f> in the -I
//     directories, then the system directories (/usr/local/include,
//     /usr/include/x86_64-linux-gnu, /usr/include, as cpp searches them on
//     Debian). Neither searches the D library (built in or -L): its files
//     are loaded into every program already, as DTrace's cpp never saw them
//     either. Includes nest at most 200 deep; #pragma once is honoured.
//   - the predefined macros are DTrace's (__linux, __unix, __SVR4, __Linux,
//     __amd64, __SUNW_D=1, __SUNW_D_64, __SUNW_D_VERSION=0xMMmmmuuu for the
//     D version -V reports), the ones GCC's cpp adds on x86-64 Linux that
//     system headers test (__linux__, __unix__, __x86_64, __x86_64__,
//     __amd64__, _LP64, __LP64__), __STDC__ as -X sets it (0 for -Xa and
//     -Xt, 1 for -Xc, none for -Xs, as illumos documents) and __FILE__,
//     __LINE__, __DATE__, __TIME__. __GNUC__ is not defined, as in DTrace,
//     so headers do not use GCC extensions D cannot parse. -D and -U apply
//     after them, in command-line order.
//   - #pragma lines other than "once", and #ident, go to the D compiler
//     untouched (so #pragma D option works); #error, a bad directive and
//     every other preprocessing error stop with cpp's message on stderr.
//   - -H prints each included file as cpp -H does: one dot per level of
//     nesting, a space and the path, to the diagnostic sink (stderr).
// The output is D text without line markers, with a LineMap that takes an
// error's line back to the script's line or the included file's.
#pragma once

#include <ctime>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "frontend/line_map.h"

namespace dt {

// -D name[=value] (or name(params)=body) and -U name.
struct CommandLineMacro {
  bool undefine = false;
  std::string text;
};

struct PreprocessorOptions {
  std::vector<std::string> include_dirs;              // -I, searched in order
  std::vector<CommandLineMacro> command_line_macros;  // -D and -U, in command-line order
  char stdc_mode = 'a';                               // -X a|c|s|t
  bool print_includes = false;                        // -H
  std::vector<std::string> system_dirs = {"/usr/local/include", "/usr/include/x86_64-linux-gnu",
                                          "/usr/include"};

  // Reads a file to include; nothing when it cannot be read. The default
  // reads regular files from the file system.
  std::function<std::optional<std::string>(const std::string& path)> read_file;
  // Receives the lines cpp writes to stderr as it goes (-H lines and
  // warnings), each ending in a newline. The default drops them.
  std::function<void(const std::string& text)> diagnostic;

  std::time_t now = 0;  // the moment of __DATE__ and __TIME__; 0 is the current time
  size_t max_tokens = size_t{1} << 22;  // tokens read from files, and produced by expansion
  size_t max_expansion_bytes = size_t{64} << 20;
  int max_include_depth = 200;
};

struct PreprocessedScript {
  std::string text;
  LineMap line_map;
};

// A preprocessing error. what() is the diagnostic cpp would print, ending in
// a newline: "x.d:3: error: #error not on Linux", preceded by
// "In file included from ..." lines inside an included file.
class PreprocessError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Preprocesses the script `text` read from `path` (the name as given on the
// command line; it names the script in messages and __FILE__). A "#!" first
// line is dropped, as DTrace starts cpp after it.
PreprocessedScript Preprocess(const std::string& path, const std::string& text,
                              const PreprocessorOptions& options);

// The predefined macros as "NAME VALUE" lines (without __STDC__ and the
// four built-in ones), for documentation and tests.
std::vector<std::string> PredefinedMacros();

}  // namespace dt
