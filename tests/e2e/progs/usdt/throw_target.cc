// Throws and catches a known number of exceptions, for the usdt tests of
// libstdc++'s own probes (libstdcxx:::throw, catch, rethrow): 3 thrown and
// caught, one of them rethrown and caught again. Silent.
#include <stdexcept>

static void Thrower(int i) {
  if (i >= 0) throw std::runtime_error("usdt");
}

int main() {
  for (int i = 0; i < 3; ++i) {
    try {
      try {
        Thrower(i);
      } catch (const std::exception&) {
        if (i == 1) throw;
      }
    } catch (const std::exception&) {
    }
  }
  return 0;
}
