#!/usr/bin/env bash
# Sets up and builds (scripts/setup.sh), checks the e2e runner itself, then
# runs every test through ctest: the unit-test binaries and the e2e suite.
# Extra arguments go to ctest (e.g. -R e2e, or -V).
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$repo_root/build}

"$repo_root/scripts/setup.sh"
"$repo_root/tests/e2e/run.sh" --selftest
cd "$build_dir"
ctest --output-on-failure "$@"
