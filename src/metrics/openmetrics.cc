#include "metrics/openmetrics.h"

#include "consumer/aggregation_printer.h"
#include "consumer/aggregation_values.h"
#include "format/quantize_buckets.h"

namespace dt::metrics {
namespace {

bool IsDistribution(AggFunc f) { return f >= AggFunc::kQuantize; }

// Length of the well-formed UTF-8 sequence at s[i], or 0 (RFC 3629: no
// overlong forms, no surrogates, nothing past U+10FFFF).
size_t Utf8SequenceLength(std::string_view s, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = byte(i);
  if (c < 0x80) return 1;
  size_t n = 0;
  unsigned char lo = 0x80, hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
  for (size_t k = 2; k < n; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  return n;
}

std::string Labels(const std::vector<std::pair<std::string, std::string>>& labels,
                   const std::optional<std::string>& le = std::nullopt) {
  if (labels.empty() && !le) return "";
  std::string out = "{";
  bool first = true;
  for (const auto& [name, value] : labels) {
    if (!first) out += ',';
    first = false;
    out += name + "=\"" + EscapeLabelValue(value) + '"';
  }
  if (le) {
    if (!first) out += ',';
    out += "le=\"" + *le + '"';
  }
  return out + "}";
}

const char* FuncName(AggFunc f) {
  switch (f) {
    case AggFunc::kCount:
      return "count()";
    case AggFunc::kSum:
      return "sum()";
    case AggFunc::kAvg:
      return "avg()";
    case AggFunc::kMin:
      return "min()";
    case AggFunc::kMax:
      return "max()";
    case AggFunc::kStddev:
      return "stddev()";
    case AggFunc::kQuantize:
      return "quantize()";
    case AggFunc::kLquantize:
      return "lquantize()";
    case AggFunc::kLlquantize:
      return "llquantize()";
  }
  return "?";
}

// The value a scalar aggregation prints at exit.
std::string ScalarValue(const AggDesc& d, const std::vector<int64_t>& data) {
  const uint64_t normal = d.normal ? d.normal : 1;
  switch (d.func) {
    case AggFunc::kAvg:
      return std::to_string(AggAvg(data, normal));
    case AggFunc::kStddev:
      return std::to_string(AggStddev(data, normal));
    case AggFunc::kCount:
      return std::to_string(AggValueForFormat(d, data).value.AsUnsigned());
    default:
      return std::to_string(AggValueForFormat(d, data).value.AsSigned());
  }
}

// Inclusive upper bound of each bucket of the distribution; nullopt for the
// last, which takes every larger value.
std::vector<std::optional<int64_t>> UpperBounds(const AggDesc& d, size_t buckets) {
  std::vector<std::optional<int64_t>> le(buckets);
  switch (d.func) {
    case AggFunc::kQuantize:
      // A negative bucket holds (-2^k, -2^(k-1)]: its bound is its label.
      for (size_t i = 0; i + 1 < buckets; ++i) {
        int b = static_cast<int>(i);
        le[i] = b < kQuantizeZeroBucket ? QuantizeBucketValue(b) : QuantizeBucketValue(b + 1) - 1;
      }
      break;
    case AggFunc::kLquantize:
      for (size_t i = 0; i + 1 < buckets; ++i)
        le[i] = d.lq_base + static_cast<int64_t>(i) * d.lq_step - 1;
      break;
    case AggFunc::kLlquantize: {
      std::vector<int64_t> lower =
          LlquantizeBucketLowerBounds(d.llq_factor, d.llq_low, d.llq_high, d.llq_nsteps);
      for (size_t i = 0; i + 1 < buckets && i < lower.size(); ++i) le[i] = lower[i] - 1;
      break;
    }
    default:
      break;
  }
  return le;
}

}  // namespace

Format NegotiateFormat(std::string_view accept) {
  return accept.find("application/openmetrics-text") != std::string_view::npos
             ? Format::kOpenMetrics
             : Format::kPrometheusText;
}

const char* ContentType(Format format) {
  return format == Format::kOpenMetrics
             ? "application/openmetrics-text; version=1.0.0; charset=utf-8"
             : "text/plain; version=0.0.4; charset=utf-8";
}

std::string FamilyName(const std::string& aggregation_name) {
  return "dtrace_" + (aggregation_name.empty() ? std::string("anonymous") : aggregation_name);
}

std::string EscapeLabelValue(std::string_view value) {
  std::string out;
  out.reserve(value.size());
  for (size_t i = 0; i < value.size();) {
    char c = value[i];
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '"') {
      out += "\\\"";
    } else if (c == '\n') {
      out += "\\n";
    } else {
      size_t n = Utf8SequenceLength(value, i);
      if (n == 0) {
        out += "\xEF\xBF\xBD";  // U+FFFD REPLACEMENT CHARACTER
        ++i;
        continue;
      }
      out.append(value.substr(i, n));
      i += n;
      continue;
    }
    ++i;
  }
  return out;
}

std::vector<Bucket> HistogramBuckets(const AggDesc& desc, const std::vector<int64_t>& data) {
  const int64_t normal = static_cast<int64_t>(desc.normal ? desc.normal : 1);
  std::vector<std::optional<int64_t>> le = UpperBounds(desc, data.size());
  size_t first = 0, last = data.size();  // [first, last) listed before +Inf
  if (desc.func == AggFunc::kQuantize) {
    first = data.size();
    last = 0;
    for (size_t i = 0; i < data.size(); ++i)
      if (data[i] != 0) {
        if (first == data.size()) first = i;
        last = i + 1;
      }
    if (first == data.size()) first = last = 0;
  }
  std::vector<Bucket> out;
  int64_t total = 0;
  for (size_t i = 0; i < data.size(); ++i) {
    total += data[i] / normal;
    if (i >= first && i < last && le[i]) out.push_back({le[i], total});
  }
  out.push_back({std::nullopt, total});
  return out;
}

std::string Render(const std::vector<Family>& families, Format format) {
  const bool om = format == Format::kOpenMetrics;
  std::string out;
  for (const Family& f : families) {
    const AggFunc func = f.desc.func;
    const bool distribution = IsDistribution(func);
    const bool counter = func == AggFunc::kCount && !f.may_fall;
    std::string type = distribution ? (f.may_fall && om ? "gaugehistogram" : "histogram")
                                    : (counter ? "counter" : "gauge");
    // OpenMetrics names the counter family without _total, the 0.0.4 format
    // with it: either way the samples are <family>_total.
    std::string sample = counter ? f.name + "_total" : f.name;
    std::string described = om ? f.name : sample;
    std::string agg = "@" + f.desc.name;
    out += "# TYPE " + described + " " + type + "\n";
    out +=
        "# HELP " + described + " " + FuncName(func) + " of the DTrace aggregation " + agg + "\n";
    for (const Series& s : f.series) {
      if (!distribution) {
        // min() and max() of no data yet have no value.
        if ((func == AggFunc::kMin || func == AggFunc::kMax) && (s.data.empty() || s.data[0] == 0))
          continue;
        out += sample + Labels(s.labels) + " " + ScalarValue(f.desc, s.data) + "\n";
        continue;
      }
      std::vector<Bucket> buckets = HistogramBuckets(f.desc, s.data);
      for (const Bucket& b : buckets) {
        std::string le = b.le ? std::to_string(*b.le) : "+Inf";
        out +=
            f.name + "_bucket" + Labels(s.labels, le) + " " + std::to_string(b.cumulative) + "\n";
      }
      out += f.name + (f.may_fall && om ? "_gcount" : "_count") + Labels(s.labels) + " " +
             std::to_string(buckets.back().cumulative) + "\n";
    }
  }
  if (om) out += "# EOF\n";
  return out;
}

}  // namespace dt::metrics
