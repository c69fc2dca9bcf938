#include "metrics/openmetrics.h"

#include <gtest/gtest.h>

#include "format/aggregation_layout.h"
#include "format/quantize_buckets.h"

namespace dt::metrics {
namespace {

AggDesc Desc(const std::string& name, AggFunc func) {
  AggDesc d;
  d.name = name;
  d.func = func;
  return d;
}

TEST(EscapeLabelValue, EscapesBackslashQuoteAndNewline) {
  EXPECT_EQ(EscapeLabelValue("plain"), "plain");
  EXPECT_EQ(EscapeLabelValue("a\\b"), "a\\\\b");
  EXPECT_EQ(EscapeLabelValue("say \"hi\""), "say \\\"hi\\\"");
  EXPECT_EQ(EscapeLabelValue("two\nlines"), "two\\nlines");
  EXPECT_EQ(EscapeLabelValue("\\\"\n"), "\\\\\\\"\\n");
}

TEST(EscapeLabelValue, KeepsUtf8AndReplacesInvalidBytes) {
  EXPECT_EQ(EscapeLabelValue("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"),
            "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80");
  const std::string fffd = "\xEF\xBF\xBD";
  EXPECT_EQ(EscapeLabelValue("a\xFFz"), "a" + fffd + "z");
  EXPECT_EQ(EscapeLabelValue("\xC3"), fffd);                        // cut short
  EXPECT_EQ(EscapeLabelValue("\xC0\xAF"), fffd + fffd);             // overlong
  EXPECT_EQ(EscapeLabelValue("\xED\xA0\x80"), fffd + fffd + fffd);  // surrogate
  EXPECT_EQ(EscapeLabelValue(std::string("a\0b", 3)), std::string("a\0b", 3));
}

TEST(Negotiate, OpenMetricsWhenAskedElseText) {
  // What Prometheus 2.42 sends.
  EXPECT_EQ(NegotiateFormat("application/openmetrics-text;version=1.0.0,application/"
                            "openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;"
                            "q=0.5,*/*;q=0.1"),
            Format::kOpenMetrics);
  EXPECT_EQ(NegotiateFormat("*/*"), Format::kPrometheusText);
  EXPECT_EQ(NegotiateFormat(""), Format::kPrometheusText);
  EXPECT_EQ(std::string(ContentType(Format::kOpenMetrics)),
            "application/openmetrics-text; version=1.0.0; charset=utf-8");
  EXPECT_EQ(std::string(ContentType(Format::kPrometheusText)),
            "text/plain; version=0.0.4; charset=utf-8");
}

TEST(FamilyName, NamedAndAnonymous) {
  EXPECT_EQ(FamilyName("counts"), "dtrace_counts");
  EXPECT_EQ(FamilyName(""), "dtrace_anonymous");
}

TEST(Render, CounterInBothFormats) {
  Family f{"dtrace_counts", Desc("counts", AggFunc::kCount), false, {}};
  f.series.push_back({{{"key1", "ba\"sh"}}, {12}});
  f.series.push_back({{{"key1", "sshd"}}, {3}});
  EXPECT_EQ(Render({f}, Format::kOpenMetrics),
            "# TYPE dtrace_counts counter\n"
            "# HELP dtrace_counts count() of the DTrace aggregation @counts\n"
            "dtrace_counts_total{key1=\"ba\\\"sh\"} 12\n"
            "dtrace_counts_total{key1=\"sshd\"} 3\n"
            "# EOF\n");
  EXPECT_EQ(Render({f}, Format::kPrometheusText),
            "# TYPE dtrace_counts_total counter\n"
            "# HELP dtrace_counts_total count() of the DTrace aggregation @counts\n"
            "dtrace_counts_total{key1=\"ba\\\"sh\"} 12\n"
            "dtrace_counts_total{key1=\"sshd\"} 3\n");
}

TEST(Render, ClearedCountAndSumAreGauges) {
  Family cleared{"dtrace_c", Desc("c", AggFunc::kCount), true, {{{}, {4}}}};
  Family sum{"dtrace_s", Desc("s", AggFunc::kSum), false, {{{}, {-7}}}};
  EXPECT_EQ(Render({cleared, sum}, Format::kOpenMetrics),
            "# TYPE dtrace_c gauge\n"
            "# HELP dtrace_c count() of the DTrace aggregation @c\n"
            "dtrace_c 4\n"
            "# TYPE dtrace_s gauge\n"
            "# HELP dtrace_s sum() of the DTrace aggregation @s\n"
            "dtrace_s -7\n"
            "# EOF\n");
}

TEST(Render, ScalarGaugesAsDtracePrintsThem) {
  Family avg{"dtrace_a", Desc("a", AggFunc::kAvg), false, {{{{"key1", "x"}}, {4, 10}}}};
  Family mn{
      "dtrace_m", Desc("m", AggFunc::kMin), false, {{{}, {2, -5}}, {{{"key1", "none"}}, {0, 0}}}};
  // stddev of 2, 4, 4, 4, 5, 5, 7, 9: 2.
  Family sd{"dtrace_d", Desc("d", AggFunc::kStddev), false, {{{}, {8, 40, 232, 0}}}};
  std::string text = Render({avg, mn, sd}, Format::kPrometheusText);
  EXPECT_NE(text.find("\ndtrace_a{key1=\"x\"} 2\n"), std::string::npos) << text;
  EXPECT_NE(text.find("\ndtrace_m -5\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("none"), std::string::npos) << "a min() of no data has no value";
  EXPECT_NE(text.find("\ndtrace_d 2\n"), std::string::npos) << text;
}

TEST(Render, NormalizedCount) {
  AggDesc d = Desc("n", AggFunc::kCount);
  d.normal = 10;
  Family f{"dtrace_n", d, false, {{{}, {125}}}};
  EXPECT_NE(Render({f}, Format::kOpenMetrics).find("\ndtrace_n_total 12\n"), std::string::npos);
}

TEST(HistogramBuckets, QuantizeIsCumulativeEndsInInfAndBoundsAreInclusive) {
  std::vector<int64_t> data(kQuantizeBuckets, 0);
  data[QuantizeBucketIndex(-3)] = 1;  // (-4, -2]
  data[QuantizeBucketIndex(0)] = 2;
  data[QuantizeBucketIndex(5)] = 4;    // [4, 8)
  data[QuantizeBucketIndex(100)] = 8;  // [64, 128)
  std::vector<Bucket> b = HistogramBuckets(Desc("q", AggFunc::kQuantize), data);
  ASSERT_FALSE(b.empty());
  EXPECT_FALSE(b.back().le.has_value());
  EXPECT_EQ(b.back().cumulative, 15);
  EXPECT_EQ(b.front().le, -2);
  EXPECT_EQ(b.front().cumulative, 1);
  int64_t last = 0;
  std::optional<int64_t> last_le;
  for (const Bucket& x : b) {
    EXPECT_GE(x.cumulative, last);
    if (last_le && x.le) {
      EXPECT_GT(*x.le, *last_le);
    }
    last = x.cumulative;
    if (x.le) last_le = x.le;
  }
  auto at = [&](int64_t le) {
    for (const Bucket& x : b)
      if (x.le == le) return x.cumulative;
    return int64_t{-1};
  };
  EXPECT_EQ(at(-1), 1);
  EXPECT_EQ(at(0), 3);
  EXPECT_EQ(at(7), 7);
  EXPECT_EQ(at(63), 7);
  EXPECT_EQ(at(127), 15);
  EXPECT_EQ(at(255), -1) << "buckets past the last with data are left to +Inf";
}

TEST(HistogramBuckets, QuantizeBoundsMatchTheBucketScheme) {
  std::vector<int64_t> data(kQuantizeBuckets, 1);
  std::vector<Bucket> b = HistogramBuckets(Desc("q", AggFunc::kQuantize), data);
  ASSERT_EQ(b.size(), static_cast<size_t>(kQuantizeBuckets));
  for (int i = 0; i + 1 < kQuantizeBuckets; ++i) {
    ASSERT_TRUE(b[i].le.has_value());
    EXPECT_EQ(QuantizeBucketIndex(*b[i].le), i) << i;
    EXPECT_EQ(QuantizeBucketIndex(*b[i].le + 1), i + 1) << i;
    EXPECT_EQ(b[i].cumulative, i + 1);
  }
}

TEST(HistogramBuckets, EmptyQuantizeIsJustInf) {
  std::vector<Bucket> b =
      HistogramBuckets(Desc("q", AggFunc::kQuantize), std::vector<int64_t>(kQuantizeBuckets, 0));
  ASSERT_EQ(b.size(), 1u);
  EXPECT_FALSE(b[0].le.has_value());
  EXPECT_EQ(b[0].cumulative, 0);
}

TEST(HistogramBuckets, LquantizeListsEveryBucket) {
  AggDesc d = Desc("l", AggFunc::kLquantize);
  d.lq_base = 0;
  d.lq_limit = 30;
  d.lq_step = 10;
  // below 0, [0,10), [10,20), [20,30), 30 and above
  std::vector<Bucket> b = HistogramBuckets(d, {1, 0, 2, 0, 4});
  ASSERT_EQ(b.size(), 5u);
  EXPECT_EQ(b[0].le, -1);
  EXPECT_EQ(b[1].le, 9);
  EXPECT_EQ(b[2].le, 19);
  EXPECT_EQ(b[3].le, 29);
  EXPECT_FALSE(b[4].le.has_value());
  EXPECT_EQ(b[0].cumulative, 1);
  EXPECT_EQ(b[1].cumulative, 1);
  EXPECT_EQ(b[2].cumulative, 3);
  EXPECT_EQ(b[3].cumulative, 3);
  EXPECT_EQ(b[4].cumulative, 7);
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(LquantizeBucketIndex(*b[i].le, 0, 30, 10), i);
    EXPECT_EQ(LquantizeBucketIndex(*b[i].le + 1, 0, 30, 10), i + 1);
  }
}

TEST(HistogramBuckets, LlquantizeBoundsMatchTheBucketScheme) {
  AggDesc d = Desc("ll", AggFunc::kLlquantize);
  d.llq_factor = 10;
  d.llq_low = 0;
  d.llq_high = 2;
  d.llq_nsteps = 10;
  int n = LlquantizeBucketCount(10, 0, 2, 10);
  std::vector<Bucket> b = HistogramBuckets(d, std::vector<int64_t>(n, 1));
  ASSERT_EQ(b.size(), static_cast<size_t>(n));
  for (int i = 0; i + 1 < n; ++i) {
    EXPECT_EQ(LlquantizeBucketIndex(*b[i].le, 10, 0, 2, 10), i) << i;
    EXPECT_EQ(LlquantizeBucketIndex(*b[i].le + 1, 10, 0, 2, 10), i + 1) << i;
  }
  EXPECT_FALSE(b.back().le.has_value());
  EXPECT_EQ(b.back().cumulative, n);
}

TEST(Render, HistogramAndGaugeHistogram) {
  AggDesc d = Desc("lat", AggFunc::kLquantize);
  d.lq_base = 0;
  d.lq_limit = 2;
  d.lq_step = 1;
  Family h{"dtrace_lat", d, false, {{{{"key1", "a"}}, {0, 3, 1, 2}}}};
  EXPECT_EQ(Render({h}, Format::kOpenMetrics),
            "# TYPE dtrace_lat histogram\n"
            "# HELP dtrace_lat lquantize() of the DTrace aggregation @lat\n"
            "dtrace_lat_bucket{key1=\"a\",le=\"-1\"} 0\n"
            "dtrace_lat_bucket{key1=\"a\",le=\"0\"} 3\n"
            "dtrace_lat_bucket{key1=\"a\",le=\"1\"} 4\n"
            "dtrace_lat_bucket{key1=\"a\",le=\"+Inf\"} 6\n"
            "dtrace_lat_count{key1=\"a\"} 6\n"
            "# EOF\n");
  h.may_fall = true;
  std::string om = Render({h}, Format::kOpenMetrics);
  EXPECT_NE(om.find("# TYPE dtrace_lat gaugehistogram\n"), std::string::npos);
  EXPECT_NE(om.find("\ndtrace_lat_gcount{key1=\"a\"} 6\n"), std::string::npos);
  // The 0.0.4 format has no gauge histogram.
  std::string text = Render({h}, Format::kPrometheusText);
  EXPECT_NE(text.find("# TYPE dtrace_lat histogram\n"), std::string::npos);
  EXPECT_NE(text.find("\ndtrace_lat_count{key1=\"a\"} 6\n"), std::string::npos);
  EXPECT_EQ(text.find("# EOF"), std::string::npos);
}

TEST(Render, NoAggregationsIsJustEof) {
  EXPECT_EQ(Render({}, Format::kOpenMetrics), "# EOF\n");
  EXPECT_EQ(Render({}, Format::kPrometheusText), "");
}

}  // namespace
}  // namespace dt::metrics
