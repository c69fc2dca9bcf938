// The D library: declarations every program can use without declaring them
// (NULL, errno and signal names, address families, system type names, the
// translators behind curpsinfo and the sched, proc and io providers), as
// DTrace loads /usr/lib/dtrace/*.d.
//
// The files in lib/dtrace/ are built into the binary. Directories named with
// -L add their *.d files, read in name order after the built-in ones.
#pragma once

#include <string>
#include <vector>

namespace dt {

struct LibraryFile {
  std::string name;  // "errno.d", or the path for -L files
  std::string text;
};

// The built-in files, then each directory's *.d files in name order.
// Throws RuntimeError naming a directory that cannot be read.
std::vector<LibraryFile> LoadDLibrary(const std::vector<std::string>& extra_dirs);

}  // namespace dt
