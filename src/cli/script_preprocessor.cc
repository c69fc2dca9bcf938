#include "cli/script_preprocessor.h"

#include <cstdio>

#include "common/diagnostic.h"

namespace dt {

PreprocessedScript PreprocessScript(const std::string& path, const std::string& text,
                                    const Options& opts) {
  PreprocessorOptions po;
  po.include_dirs = opts.include_dirs;
  for (const Options::MacroOption& m : opts.macros) {
    po.command_line_macros.push_back({m.undefine, m.text});
  }
  for (const OptionSetting& o : opts.xopts) {
    if (o.name == "stdc" && o.value.size() == 1) po.stdc_mode = o.value[0];
  }
  po.print_includes = opts.print_includes;
  po.diagnostic = [](const std::string& message) { fputs(message.c_str(), stderr); };
  try {
    return Preprocess(path, text, po);
  } catch (const PreprocessError& e) {
    fputs(e.what(), stderr);
    throw CompileError("", 0, "Preprocessor failed to process input program");
  }
}

}  // namespace dt
