#include "consumer/quantize.h"

#include <cstdio>
#include <string>
#include <vector>

namespace dt {
namespace {

template <typename... Args>
std::string Printf(const char* fmt, Args... args) {
  char buf[256];
  int n = std::snprintf(buf, sizeof(buf), fmt, args...);
  return n <= 0 ? std::string() : std::string(buf, static_cast<size_t>(n));
}

long double Abs(long double x) { return x < 0 ? -x : x; }

// DTrace divides the (signed) count by the unsigned normal, which makes the
// division unsigned; kept so normalized negative counts print as DTrace does.
long long Normalized(int64_t v, uint64_t normal) {
  return static_cast<long long>(static_cast<uint64_t>(v) / (normal ? normal : 1));
}

std::string Header() {
  return Printf("\n%16s %41s %-9s\n", "value", "------------- Distribution -------------", "count");
}

struct Totals {
  long double total = 0;
  bool positives = false;
  bool negatives = false;
};

// One bar of 40 '@' (20 each way when the shown buckets have both signs).
std::string Bar(int64_t val, uint64_t normal, const Totals& t) {
  const std::string ats(40, '@');
  const std::string spaces(40, ' ');
  unsigned len = 40;
  auto depth_of = [&](unsigned width) -> unsigned {
    if (t.total == 0) return 0;
    long double f = (Abs(static_cast<long double>(val)) * width) / t.total;
    unsigned d = static_cast<unsigned>(f + 0.5);
    return d > width ? width : d;
  };
  const long long count = Normalized(val, normal);
  if (!t.negatives) {
    unsigned depth = t.positives ? depth_of(len) : 0;
    return "|" + ats.substr(0, depth) + spaces.substr(0, len - depth) + Printf(" %-9lld\n", count);
  }
  if (!t.positives) {
    unsigned depth = depth_of(len);
    return spaces.substr(0, len - depth) + ats.substr(0, depth) + Printf("| %-9lld\n", count);
  }
  len /= 2;
  unsigned depth = depth_of(len);
  if (val <= 0) {
    return spaces.substr(0, len - depth) + ats.substr(0, depth) + "|" + spaces.substr(0, len) +
           Printf(" %-9lld\n", count);
  }
  return spaces.substr(0, 20) + "|" + ats.substr(0, depth) + spaces.substr(0, len - depth) +
         Printf(" %-9lld\n", count);
}

// The shown range: one empty bucket either side of the non-zero ones, or
// `empty_first`..`empty_last` when everything is zero.
bool ShownRange(const std::vector<int64_t>& b, size_t empty_first, size_t empty_last, size_t* first,
                size_t* last) {
  size_t f = 0;
  while (f < b.size() && b[f] == 0) f++;
  if (f == b.size()) {
    *first = empty_first;
    *last = empty_last;
    return false;
  }
  size_t l = b.size() - 1;
  while (l > 0 && b[l] == 0) l--;
  *first = f > 0 ? f - 1 : 0;
  *last = l < b.size() - 1 ? l + 1 : l;
  return true;
}

std::string FormatRows(const std::vector<QuantizeRow>& rows, uint64_t normal) {
  if (rows.empty()) return "";
  Totals t;
  for (const QuantizeRow& r : rows) {
    t.positives |= r.count > 0;
    t.negatives |= r.count < 0;
    t.total += Abs(static_cast<long double>(r.count));
  }
  std::string out = Header();
  for (const QuantizeRow& r : rows) {
    const long long v = static_cast<long long>(r.value);
    if (r.edge < 0) {
      out += Printf("%16s ", Printf("< %lld", v).c_str());
    } else if (r.edge > 0) {
      out += Printf("%16s ", Printf(">= %lld", v).c_str());
    } else {
      out += Printf("%16lld ", v);
    }
    out += Bar(r.count, normal, t);
  }
  return out;
}

}  // namespace

std::vector<QuantizeRow> QuantizeRows(const std::vector<int64_t>& b) {
  if (b.size() != kQuantizeBuckets) return {};
  size_t first, last;
  ShownRange(b, kQuantizeZeroBucket - 1, kQuantizeZeroBucket + 1, &first, &last);
  std::vector<QuantizeRow> rows;
  for (size_t i = first; i <= last; i++)
    rows.push_back({QuantizeBucketValue(static_cast<int>(i)), b[i], 0});
  return rows;
}

std::vector<QuantizeRow> LquantizeRows(const std::vector<int64_t>& b, int64_t base, int64_t limit,
                                       int64_t step) {
  const int64_t levels = LquantizeLevels(base, limit, step);
  if (b.size() != static_cast<size_t>(levels + 2)) return {};
  size_t first, last;
  ShownRange(b, 0, 2, &first, &last);
  if (last >= b.size()) last = b.size() - 1;
  std::vector<QuantizeRow> rows;
  for (size_t i = first; i <= last; i++) {
    if (i == 0) {
      rows.push_back({base, b[i], -1});
    } else if (i == static_cast<size_t>(levels + 1)) {
      rows.push_back({base + levels * step, b[i], 1});
    } else {
      rows.push_back({base + static_cast<int64_t>(i - 1) * step, b[i], 0});
    }
  }
  return rows;
}

std::vector<QuantizeRow> LlquantizeRows(const std::vector<int64_t>& b, int64_t factor, int64_t low,
                                        int64_t high, int64_t nsteps) {
  const std::vector<int64_t> bounds = LlquantizeBucketLowerBounds(factor, low, high, nsteps);
  if (bounds.empty() || b.size() != bounds.size() + 1) return {};
  size_t first, last;
  ShownRange(b, 0, 1, &first, &last);
  std::vector<QuantizeRow> rows;
  for (size_t i = first; i <= last; i++) {
    if (i == 0) {
      rows.push_back({bounds[0], b[i], -1});
    } else if (i == b.size() - 1) {
      rows.push_back({bounds.back(), b[i], 1});
    } else {
      rows.push_back({bounds[i - 1], b[i], 0});
    }
  }
  return rows;
}

std::string FormatQuantize(const std::vector<int64_t>& b, uint64_t normal) {
  return FormatRows(QuantizeRows(b), normal);
}

std::string FormatLquantize(const std::vector<int64_t>& b, int64_t base, int64_t limit,
                            int64_t step, uint64_t normal) {
  return FormatRows(LquantizeRows(b, base, limit, step), normal);
}

std::string FormatLlquantize(const std::vector<int64_t>& b, int64_t factor, int64_t low,
                             int64_t high, int64_t nsteps, uint64_t normal) {
  return FormatRows(LlquantizeRows(b, factor, low, high, nsteps), normal);
}

}  // namespace dt
