#include "consumer/aggregation_sort.h"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <string>
#include <vector>

#include "consumer/aggregation_values.h"
#include "consumer/quantize.h"
#include "consumer/stack_format.h"

namespace dt {
namespace {

template <typename T>
int Cmp(const T& a, const T& b) {
  return a < b ? -1 : (a > b ? 1 : 0);
}

int CompareComponent(const Value& a, const Value& b, int strsize) {
  const int asize = a.IsString() ? strsize : a.size;
  const int bsize = b.IsString() ? strsize : b.size;
  if (int c = Cmp(asize, bsize)) return c;
  // A user stack's record starts with its process.
  if (a.user && b.user)
    if (int c = Cmp(a.pid, b.pid)) return c;
  if (a.IsStack() && b.IsStack()) return CompareStackKeys(a.frames, b.frames, a.stack_depth);
  if (a.IsString() || b.IsString()) {
    // NUL-padded records compare like the strings with shorter-first.
    const size_t n = static_cast<size_t>(strsize > 0 ? strsize : 0);
    const std::string as = a.str.substr(0, std::min(a.str.size(), n));
    const std::string bs = b.str.substr(0, std::min(b.str.size(), n));
    int c = std::memcmp(as.data(), bs.data(), std::min(as.size(), bs.size()));
    if (c != 0) return c < 0 ? -1 : 1;
    return Cmp(as.size(), bs.size());
  }
  return Cmp(a.AsUnsigned(), b.AsUnsigned());
}

long double QuantizeWeight(const std::vector<int64_t>& d) {
  long double total = 0;
  for (int i = 0; i < kQuantizeBuckets && i < static_cast<int>(d.size()); i++) {
    total += static_cast<long double>(QuantizeBucketValue(i)) * static_cast<long double>(d[i]);
  }
  return total;
}

long double LquantizeWeight(const AggDesc& desc, const std::vector<int64_t>& d) {
  const int64_t levels = LquantizeLevels(desc.lq_base, desc.lq_limit, desc.lq_step);
  if (d.size() != static_cast<size_t>(levels + 2)) return 0;
  int64_t base = desc.lq_base;
  long double total = static_cast<long double>(d[0]) * static_cast<long double>(base - 1);
  for (int64_t i = 0; i < levels; base += desc.lq_step, i++) {
    total += static_cast<long double>(d[i + 1]) * static_cast<long double>(base);
  }
  return total + static_cast<long double>(d[levels + 1]) * static_cast<long double>(base + 1);
}

int64_t LquantizeZero(const AggDesc& desc, const std::vector<int64_t>& d) {
  const int64_t levels = LquantizeLevels(desc.lq_base, desc.lq_limit, desc.lq_step);
  if (d.size() != static_cast<size_t>(levels + 2)) return 0;
  int64_t base = desc.lq_base;
  if (base - 1 == 0) return d[0];
  for (int64_t i = 0; i < levels; base += desc.lq_step, i++) {
    if (base == 0) return d[i + 1];
  }
  if (base + 1 == 0) return d[levels + 1];
  return 0;
}

long double LlquantizeWeight(const AggDesc& desc, const std::vector<int64_t>& d) {
  const std::vector<int64_t> bounds =
      LlquantizeBucketLowerBounds(desc.llq_factor, desc.llq_low, desc.llq_high, desc.llq_nsteps);
  if (bounds.empty() || d.size() != bounds.size() + 1) return 0;
  long double total = static_cast<long double>(d[0]) * static_cast<long double>(bounds[0] - 1);
  for (size_t i = 0; i < bounds.size(); i++) {
    total += static_cast<long double>(d[i + 1]) * static_cast<long double>(bounds[i]);
  }
  return total;
}

int64_t At(const std::vector<int64_t>& d, size_t i) { return i < d.size() ? d[i] : 0; }

}  // namespace

int CompareAggKeys(const std::vector<Value>& a, const std::vector<Value>& b, int key_pos,
                   int strsize) {
  if (int c = Cmp(a.size(), b.size())) return c;
  const int nkeys = static_cast<int>(a.size());
  const int keypos = (key_pos < 0 || key_pos >= nkeys) ? 0 : key_pos;
  for (int i = 0; i < nkeys; i++) {
    const int ndx = (i + keypos) % nkeys;
    if (int c = CompareComponent(a[ndx], b[ndx], strsize)) return c;
  }
  return 0;
}

int CompareAggValues(const AggDesc& desc, const std::vector<int64_t>& a,
                     const std::vector<int64_t>& b) {
  switch (desc.func) {
    case AggFunc::kCount:
    case AggFunc::kSum:
      return Cmp(At(a, 0), At(b, 0));
    case AggFunc::kMin:
    case AggFunc::kMax:
      return Cmp(At(a, 1), At(b, 1));
    case AggFunc::kAvg: {
      const int64_t la = At(a, 0) ? At(a, 1) / At(a, 0) : 0;
      const int64_t lb = At(b, 0) ? At(b, 1) / At(b, 0) : 0;
      return Cmp(la, lb);
    }
    case AggFunc::kStddev:
      return Cmp(AggStddev(a, 1), AggStddev(b, 1));
    case AggFunc::kQuantize:
      if (int c = Cmp(QuantizeWeight(a), QuantizeWeight(b))) return c;
      return Cmp(At(a, kQuantizeZeroBucket), At(b, kQuantizeZeroBucket));
    case AggFunc::kLquantize:
      if (int c = Cmp(LquantizeWeight(desc, a), LquantizeWeight(desc, b))) return c;
      return Cmp(LquantizeZero(desc, a), LquantizeZero(desc, b));
    case AggFunc::kLlquantize:
      if (int c = Cmp(LlquantizeWeight(desc, a), LlquantizeWeight(desc, b))) return c;
      return Cmp(At(a, 0), At(b, 0));
  }
  return 0;
}

std::vector<AggBundle> SortedBundles(const std::vector<AggSnapshot>& aggs,
                                     const AggSortOptions& opts, int strsize) {
  const size_t n = aggs.size();
  struct Item {
    const AggEntry* entry;
    size_t agg;
  };
  std::vector<Item> items;
  for (size_t a = 0; a < n; a++) {
    for (const AggEntry& e : aggs[a].entries) items.push_back({&e, a});
  }
  const int key_pos = opts.sort_key_pos;
  std::stable_sort(items.begin(), items.end(), [&](const Item& x, const Item& y) {
    int c = CompareAggKeys(x.entry->key, y.entry->key, key_pos, strsize);
    return c != 0 ? c < 0 : x.agg < y.agg;
  });

  std::vector<AggBundle> bundles;
  for (size_t i = 0; i < items.size();) {
    AggBundle b;
    b.key = items[i].entry->key;
    b.data.resize(n);
    std::vector<bool> seen(n, false);
    size_t j = i;
    for (; j < items.size() && CompareAggKeys(items[j].entry->key, b.key, key_pos, strsize) == 0;
         j++) {
      if (!seen[items[j].agg]) b.data[items[j].agg] = items[j].entry->data;
      seen[items[j].agg] = true;
    }
    for (size_t a = 0; a < n; a++) {
      if (!seen[a]) b.data[a].assign(AggDataSize(aggs[a].desc), 0);
    }
    bundles.push_back(std::move(b));
    i = j;
  }

  const size_t sort_pos =
      (opts.sort_pos < 0 || static_cast<size_t>(opts.sort_pos) >= n) ? 0 : opts.sort_pos;
  auto compare = [&](const AggBundle& x, const AggBundle& y) {
    if (opts.sort_key) {
      if (int c = CompareAggKeys(x.key, y.key, key_pos, strsize)) return c;
    }
    for (size_t k = 0; k < n; k++) {
      const size_t a = (k + sort_pos) % n;
      if (int c = CompareAggValues(aggs[a].desc, x.data[a], y.data[a])) return c;
    }
    return opts.sort_key ? 0 : CompareAggKeys(x.key, y.key, key_pos, strsize);
  };
  std::stable_sort(bundles.begin(), bundles.end(),
                   [&](const AggBundle& x, const AggBundle& y) { return compare(x, y) < 0; });
  if (opts.sort_rev) std::reverse(bundles.begin(), bundles.end());
  return bundles;
}

}  // namespace dt
