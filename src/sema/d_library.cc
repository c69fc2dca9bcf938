#include "sema/d_library.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "common/diagnostic.h"
#include "sema/cpu_topology.h"

namespace dt {

namespace {

struct EmbeddedFile {
  const char* name;
  const char* text;
};

constexpr EmbeddedFile kBuiltinFiles[] = {
#include "d_library.inc"
};

}  // namespace

std::vector<LibraryFile> LoadDLibrary(const std::vector<std::string>& extra_dirs) {
  std::vector<LibraryFile> files;
  for (const EmbeddedFile& f : kBuiltinFiles) files.push_back({f.name, f.text});
  // curcpu's chip, NUMA node and clock (cpuinfo.d): this machine's.
  files.push_back({"cpu_topology.d", CpuTopologyLibrary(ReadCpuTopology())});
  for (const std::string& dir : extra_dirs) {
    std::error_code ec;
    std::vector<std::string> paths;
    for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
      if (it->path().extension() == ".d") paths.push_back(it->path().string());
    if (ec) throw RuntimeError("cannot read library directory " + dir + ": " + ec.message());
    std::sort(paths.begin(), paths.end());
    for (const std::string& path : paths) {
      std::ifstream in(path);
      std::ostringstream text;
      text << in.rdbuf();
      if (!in) throw RuntimeError("cannot read library file " + path);
      files.push_back({path, text.str()});
    }
  }
  return files;
}

}  // namespace dt
