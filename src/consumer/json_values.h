// Decoded values and aggregations as JSON, for the JSON sink
// (output_sink.h; the schema is in docs/dtrace.8, "STRUCTURED OUTPUT").
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "consumer/aggregation.h"
#include "consumer/output_sink.h"
#include "consumer/value.h"

namespace dt {

// One item of a record's "output" array for a traced value:
//   {"value": 42} / {"value": "text"}       integers and strings
//   {"stack-frames": [...]}                 stack(); "ustack-frames": ustack()
//   {"sym": "vmlinux`vfs_read", "object": "vmlinux", "name": "vfs_read"}
//                                           sym()/func(); "usym" for usym()/ufunc()
//   {"mod": "vmlinux"}                      mod(); "umod" for umod()
//   {"uaddr": "libc.so.6`read+0x12", ...}   uaddr()
//   {"bytes": "0100000002000000"}           trace() of a struct, union or
//                                           array: its bytes in hex
// A frame is {"symbol": "mod`fn+0x1a", "module": "mod", "name": "fn",
// "offset": "0x1a"}, the last three when the symbol tables know them.
nlohmann::ordered_json JsonTraceItem(const Value& v, const SinkOptions& opts);

// A key component of an aggregation: integers and strings bare, the other
// kinds as JsonTraceItem() gives them.
nlohmann::ordered_json JsonKey(const Value& v, const SinkOptions& opts);

// {"aggregation-name": "name", "aggregation-data": [{"keys": [...],
// "count": 3}, ...]}: entries in printing order; the value's key is the
// function's name (count, sum, avg, min, max, stddev), or "buckets": [{"value":
// 32, "count": 2}, ...] for the quantize family (the rows the text shows;
// the row of values below an lquantize()/llquantize() range has
// "underflow": true, the row above "overflow": true).
nlohmann::ordered_json JsonAggregation(const AggSnapshot& agg, const SinkOptions& opts);

// The document as one line of JSON Lines: compact, UTF-8, with every byte
// sequence that is not UTF-8 replaced by U+FFFD, then "\n".
std::string JsonLine(const nlohmann::ordered_json& doc);

}  // namespace dt
