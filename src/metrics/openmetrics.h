// Aggregations as metrics: the OpenMetrics 1.0 text format (and the older
// Prometheus text format 0.0.4, for scrapers that do not ask for
// OpenMetrics), rendered from aggregation data the consumer has already
// read and combined. Nothing here touches the kernel.
//
// Each aggregation is one metric family, named "dtrace_" + its name (the
// anonymous @ is "dtrace_anonymous"), its key components the labels key1,
// key2, ... in key order:
//   count()                     counter    dtrace_<name>_total
//   sum()                       gauge      dtrace_<name>  (a sum may fall)
//   avg() min() max() stddev()  gauge      dtrace_<name>
//   quantize() lquantize() llquantize()
//                               histogram  dtrace_<name>_bucket{le=...},
//                                          dtrace_<name>_count
// A count() the program clears or truncates is a gauge, and a distribution
// it clears or truncates a gaugehistogram (_bucket, _gcount) in OpenMetrics.
// Values are what dtrace prints at exit (normalize() applied, avg and
// stddev by DTrace's integer arithmetic). Distributions carry no _sum: the
// kernel keeps bucket counts only, never the sum of the values.
//
// Bucket bounds are inclusive upper bounds of DTrace's integer buckets
// (quantize's [8, 16) is le="15"); the last bucket (which also takes every
// larger value) is le="+Inf". quantize's 127 buckets are cut to those
// from the lowest to the highest that holds data; lquantize and llquantize
// list all of theirs.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "format/aggregation_layout.h"

namespace dt::metrics {

enum class Format { kOpenMetrics, kPrometheusText };

// What a scrape's Accept header asks for: OpenMetrics when it names
// application/openmetrics-text (Prometheus does), the 0.0.4 text format
// otherwise (curl, a browser).
Format NegotiateFormat(std::string_view accept);
const char* ContentType(Format format);

struct Series {
  std::vector<std::pair<std::string, std::string>> labels;  // name, unescaped value
  std::vector<int64_t> data;  // the entry's data (format/aggregation_layout.h)
};

struct Family {
  std::string name;  // FamilyName()
  AggDesc desc;
  bool may_fall = false;  // cleared or truncated: gauge, gaugehistogram
  std::vector<Series> series;
};

// "dtrace_" + the aggregation's name; "dtrace_anonymous" for @.
std::string FamilyName(const std::string& aggregation_name);

// A label value in the exposition: backslash, double quote and newline
// escaped, and bytes that are not UTF-8 replaced by U+FFFD (a scraper
// refuses a whole scrape that has one).
std::string EscapeLabelValue(std::string_view value);

struct Bucket {
  std::optional<int64_t> le;  // inclusive upper bound; nullopt: +Inf
  int64_t cumulative = 0;     // entries at or below le
};

// The cumulative buckets of a distribution's data, ending in +Inf.
std::vector<Bucket> HistogramBuckets(const AggDesc& desc, const std::vector<int64_t>& data);

std::string Render(const std::vector<Family>& families, Format format);

}  // namespace dt::metrics
