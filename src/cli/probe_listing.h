// `dtrace -l` and `dtrace -lv`: the probe table, and with -v each probe's
// stability attributes and argument types, laid out as illumos dtrace does:
//
//      ID   PROVIDER            MODULE                          FUNCTION NAME
//   1234        sdt             sched                                    sched_switch
//   <blank>
//   <tab>Probe Description Attributes
//   <tab><tab>Identifier Names: Private
//   <tab><tab>Data Semantics:   Private
//   <tab><tab>Dependency Class: Unknown
//   <blank>
//   <tab>Argument Attributes            (same three lines)
//   <blank>
//   <tab>Argument Types
//   <tab><tab>args[0]: char[16]         ("None" when the probe has no typed arguments)
//   <blank>
//
// Plain -l reads no format file; -lv reads the formats of the listed
// probes only.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "cli/options.h"
#include "providers/probe_registry.h"

namespace dt {

// The probe description an -n/-P/-m/-f/-i operand names, without predicate
// or actions, padded to its field ("-P syscall" -> "syscall:::",
// "-f syscall::read" -> "syscall::read:"). Not for -s.
std::string ListingDescription(const ProgramSource& source);

// The probes the operands of `opts` match (every probe when there is none),
// each once, in ID order. -i with a number names that probe ID; -s reads and
// parses the script and takes its clauses' descriptions.
// Throws RuntimeError "failed to match <desc>: No probe matches description"
// when an operand matches nothing, -Z or not, and whatever reading or
// parsing a script throws.
// target_pid: the -c/-p process ($target), 0 without one.
std::vector<const Probe*> ProbesToList(ProbeRegistry& registry, const Options& opts,
                                       int target_pid = 0);

void PrintListingHeader(FILE* out);
void PrintProbeLine(const Probe& probe, FILE* out);
// The -v block printed after a probe's line.
void PrintProbeDetails(const ProbeRegistry& registry, const Probe& probe, FILE* out);

// The whole listing for `opts` (-l, and -v for the details).
void PrintProbeListing(ProbeRegistry& registry, const Options& opts, FILE* out, int target_pid = 0);

}  // namespace dt
