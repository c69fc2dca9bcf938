// The DTrace options (-x name=value, #pragma D option, setopt(), and the
// flags that stand for options: -q, -b, -w, -Z, -F): which names exist, what
// values each takes, and the settings they produce.
//
// Values follow DTrace's option types:
//   size     a byte count with an optional k, m, g or t suffix ("4m", "0x100")
//   time     a period: a number with ns, us, ms, s, m, h, d (or nsec, usec,
//            msec, sec, min, hour, day), or a rate in hz; a bare number is hz
//   boolean  nothing (set), or yes/no, true/false, on/off, enable/disable,
//            enabled/disabled, set/unset, or a number (0 is off)
//   scalar   a non-negative integer
//   one of   a fixed set of words (bufpolicy: fill, ring, switch; oformat:
//            text, json)
// A refused name or value throws OptionError whose what() is DTrace's reason,
// which callers put after their own prefix ("dtrace: failed to set -x
// strsize: Invalid value for specified option").
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "consumer/aggregation_printer.h"
#include "consumer/kernel_symbol_lookup.h"
#include "providers/stability.h"

namespace dt {

inline constexpr char kInvalidOptionName[] = "Invalid option name";
inline constexpr char kInvalidOptionValue[] = "Invalid value for specified option";
inline constexpr char kOptionWhileActive[] = "Operation illegal when tracing is active";

class OptionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The value parsers; std::nullopt for a malformed or out-of-range value.
std::optional<uint64_t> ParseSizeOption(std::string_view text);  // bytes
std::optional<uint64_t> ParseTimeOption(std::string_view text);  // nanoseconds, > 0
std::optional<bool> ParseBooleanOption(std::string_view text);
std::optional<uint64_t> ParseScalarOption(std::string_view text);

// The largest principal buffer: one BPF ring buffer of this many bytes,
// allocated in the kernel when tracing starts.
inline constexpr uint64_t kMaxBufferSize = uint64_t{1} << 30;
// The largest strsize: string sizes are 32-bit in the generated code, and a
// 1g string already takes seconds and as much memory to set up.
inline constexpr uint64_t kMaxStrsize = uint64_t{1} << 30;
// The largest stackindent: each printed frame is indented by this many spaces.
inline constexpr uint64_t kMaxStackIndent = 4096;

// Option bufpolicy: how the principal buffer treats records (DTrace's
// Buffers and Buffering): printed as they come (switch), kept until bufsize
// is taken and then tracing stops (fill), or only the newest bufsize kept
// and printed when dtrace exits (ring).
enum class BufPolicy { kSwitch, kFill, kRing };

struct RunSettings {
  bool quiet = false;
  bool flow_indent = false;  // -F, option flowindent
  bool errtags = false;
  bool default_args = false;
  bool arg_ref = false;
  bool destructive = false;
  bool zdefs = false;
  bool raw_bytes = false;  // rawbytes: strings and other byte records print as hex dumps
  uint64_t strsize = 256;  // bytes of a string, its NUL included: exact
  uint64_t bufsize = 4 << 20;
  uint64_t aggsize = 0;           // bytes per aggregation; 0: the code generator's default
  bool bufresize_manual = false;  // bufresize=manual: never lower bufsize
  BufPolicy buf_policy = BufPolicy::kSwitch;
  uint64_t dynvarsize = 1 << 20;           // bytes of keys and values per dynamic variable map
  uint64_t switchrate_ns = 1'000'000'000;  // DTrace's default: once a second
  uint64_t aggrate_ns = 0;     // aggrate: printa() reads aggregations at most this often; 0: always
  uint64_t stack_frames = 20;  // stack() without an argument
  uint64_t ustack_frames = 100;  // ustack() without an argument
  uint64_t jstack_frames = 50;   // jstack() without an argument
  uint64_t max_frames = 100;     // maxframes: the most frames any stack records
  uint64_t scratch_size = 0;     // scratchsize: bytes; 0 is the compiler's default
  int32_t cpu = -1;              // cpu: the one CPU traced; -1: all
  uint64_t nspec = 1;            // speculations active at once
  uint64_t specsize = 4 << 20;   // bytes a speculation holds per CPU
  int stack_indent = kDefaultStackIndent;
  AggSortOptions sort;
  bool json_output = false;  // oformat=json: JSON Lines instead of text
  // usdtpath: files whose USDT probes are traced in every process, as
  // <provider> without a pid (colon-separated, as PATH).
  std::string usdt_path;
  // metrics=ADDRESS:PORT: serve the aggregations over HTTP (OpenMetrics)
  // while tracing; "" when not asked. Checked by metrics::ParseListenAddress.
  std::string metrics_address;
  // amin=<attributes>: the lowest stability attributes a program may use
  // (sema/stability_check.h); unset: nothing is checked.
  std::optional<Attributes> attribute_minimum;

  // The bytes a string takes in memory: strsize in whole words, since
  // strings are copied and compared a word at a time. Only the first
  // strsize - 1 bytes ever hold characters.
  uint64_t StringStorage() const { return std::max<uint64_t>(8, (strsize + 7) & ~uint64_t{7}); }

  // Sets option `name` to `value` ("" when none was given). Throws
  // OptionError (kInvalidOptionName or kInvalidOptionValue).
  void Set(const std::string& name, const std::string& value);
};

bool IsKnownOption(const std::string& name);

// Whether setopt() may change the option while tracing: the options DTrace
// calls dynamic (output and sorting); every other one is fixed once tracing
// has started (kOptionWhileActive).
bool IsDynamicOption(const std::string& name);

// "1g", "512m", "12345 bytes": how DTrace prints a size it changed.
std::string FormatSizeForNotice(uint64_t bytes);

}  // namespace dt
