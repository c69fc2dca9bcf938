#include <cstdio>
#include <exception>

#include "cli/driver.h"

int main(int argc, char** argv) {
  try {
    return dt::RunDtrace(argc, argv);
  } catch (const std::exception& e) {
    // Every user error has its own message; this is a bug in dtrace itself.
    std::fprintf(stderr, "dtrace: internal error: %s\n", e.what());
    return 1;
  }
}
