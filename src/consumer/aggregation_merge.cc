#include "consumer/aggregation_merge.h"

#include <algorithm>
#include <numeric>
#include <utility>

#include "consumer/aggregation_sort.h"
#include "consumer/stack_format.h"

namespace dt {
namespace {

int64_t At(const std::vector<int64_t>& d, size_t i) { return i < d.size() ? d[i] : 0; }

void Canonicalise(std::vector<Value>& key, const KernelSymbolLookup& kernel,
                  const UserSymbolLookup& user) {
  for (Value& v : key) {
    if (!v.IsSymbol() && !v.IsModule()) continue;
    const KernelSymbolLookup lookup = LookupFor(v, kernel, user);
    if (v.IsSymbol()) v.bits = CanonicalSymbolKey(v.AsUnsigned(), lookup);
    if (v.IsModule()) v.bits = CanonicalModuleKey(v.AsUnsigned(), lookup);
  }
}

}  // namespace

void CombineAggData(const AggDesc& desc, std::vector<int64_t>& total,
                    const std::vector<int64_t>& more) {
  if (total.size() < more.size()) total.resize(more.size(), 0);
  switch (desc.func) {
    case AggFunc::kMin:
    case AggFunc::kMax: {
      if (total.size() < 2) total.resize(2, 0);
      if (At(more, 0) == 0) return;
      const bool better =
          desc.func == AggFunc::kMin ? At(more, 1) < total[1] : At(more, 1) > total[1];
      if (total[0] == 0 || better) total[1] = At(more, 1);
      total[0] = WrappingAdd(total[0], At(more, 0));
      return;
    }
    case AggFunc::kStddev: {
      if (total.size() < 4) total.resize(4, 0);
      total[0] = WrappingAdd(total[0], At(more, 0));
      total[1] = WrappingAdd(total[1], At(more, 1));
      const uint64_t lo = static_cast<uint64_t>(total[2]);
      const uint64_t sum = lo + static_cast<uint64_t>(At(more, 2));
      total[2] = static_cast<int64_t>(sum);
      total[3] = WrappingAdd(WrappingAdd(total[3], At(more, 3)), sum < lo ? 1 : 0);
      return;
    }
    default:
      for (size_t i = 0; i < more.size(); ++i) total[i] = WrappingAdd(total[i], more[i]);
      return;
  }
}

void MergeSymbolKeys(const AggDesc& desc, std::vector<AggEntry>& entries,
                     const KernelSymbolLookup& lookup, int strsize,
                     const UserSymbolLookup& user_lookup) {
  for (AggEntry& e : entries) Canonicalise(e.key, lookup, user_lookup);

  // Sort indices by key to find equal keys in n log n, then keep the first
  // entry of each run (in the original order) and fold the others into it.
  std::vector<size_t> order(entries.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return CompareAggKeys(entries[a].key, entries[b].key, 0, strsize) < 0;
  });
  std::vector<bool> absorbed(entries.size(), false);
  for (size_t i = 0; i < order.size();) {
    size_t j = i + 1;
    while (j < order.size() &&
           CompareAggKeys(entries[order[i]].key, entries[order[j]].key, 0, strsize) == 0) {
      ++j;
    }
    // stable_sort keeps equal keys in original order: order[i] came first.
    for (size_t k = i + 1; k < j; ++k) {
      CombineAggData(desc, entries[order[i]].data, entries[order[k]].data);
      absorbed[order[k]] = true;
    }
    i = j;
  }
  size_t out = 0;
  for (size_t i = 0; i < entries.size(); ++i) {
    if (absorbed[i]) continue;
    if (out != i) entries[out] = std::move(entries[i]);
    ++out;
  }
  entries.resize(out);
}

void MergeSymbolKeys(AggSnapshot& snapshot, const KernelSymbolLookup& lookup, int strsize,
                     const UserSymbolLookup& user_lookup) {
  MergeSymbolKeys(snapshot.desc, snapshot.entries, lookup, strsize, user_lookup);
}

}  // namespace dt
