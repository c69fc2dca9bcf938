// The consumer's model of an aggregation: what was declared
// (format/aggregation_layout.h, which also gives the layout of an entry's
// data) and the data the BPF side collected, already summed over CPUs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "consumer/value.h"
#include "format/aggregation_layout.h"

namespace dt {

struct AggEntry {
  std::vector<Value> key;     // empty for an unkeyed aggregation
  std::vector<int64_t> data;  // layout: format/aggregation_layout.h
};

// One aggregation variable and its current contents.
struct AggSnapshot {
  AggDesc desc;
  std::vector<AggEntry> entries;
};

// The aggsort* options (all unset by default).
struct AggSortOptions {
  bool sort_key = false;  // aggsortkey: sort by key rather than value
  bool sort_rev = false;  // aggsortrev: reverse the whole order
  int sort_pos = 0;       // aggsortpos: which printa() aggregation's value sorts
  int sort_key_pos = 0;   // aggsortkeypos: which key component sorts first
};

}  // namespace dt
