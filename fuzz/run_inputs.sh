#!/usr/bin/env bash
# Runs the compile fuzzer once on every seed (fuzz/make_corpus.sh) and every
# earlier finding (tests/e2e/cases/fuzz/inputs/): ctest's fuzz_inputs test,
# in the sanitized build. Fails on any crash, sanitizer report or finding.
#   fuzz/run_inputs.sh FUZZER WORK_DIR
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
fuzzer=${1:?usage: run_inputs.sh FUZZER WORK_DIR}
work=${2:?usage: run_inputs.sh FUZZER WORK_DIR}
rm -rf "$work"
"$repo_root/fuzz/make_corpus.sh" "$work"
# Files, not directories: libFuzzer then runs each input once, whole,
# whatever its size.
"$fuzzer" "$work"/* "$repo_root"/tests/e2e/cases/fuzz/inputs/* 2>&1 | tail -3
exit "${PIPESTATUS[0]}"
