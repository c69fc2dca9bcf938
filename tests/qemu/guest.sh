#!/usr/bin/env bash
# Runs inside the qemu guest as root, on the overlay of the host's root file
# system (tests/qemu/init.sh starts it): the end-to-end suite with the same
# binary, cases and expected files as on the host, against this kernel; or,
# if GUEST_COMMAND is set, that bash command instead. Its output is the
# report tests/qemu/run.sh prints; its exit status is the suite's.
#
#   guest.sh <build-dir> [filter]
set -uo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=$1
filter=${2:-}

# Loopback for cases that make connections to themselves.
ip link set lo up
echo "kernel $(uname -r), $(nproc) CPUs"
"$build/progs/has_facility" fbt
cd /
if [[ -n ${GUEST_COMMAND:-} ]]; then
  exec bash -c "$GUEST_COMMAND"
fi
# Emulation is several times slower than the host (the verifier-bound
# codegen/too_complex_names_the_statement takes 9 s there and went past
# 30 s here on a loaded machine): a hang still fails, only later.
# Each case is named on the kernel console as it starts: a case that hangs
# the guest is named in the console's end, which run.sh prints.
E2E_PROGRESS=/dev/ttyS0 E2E_SKIP_LIST=$repo/tests/qemu/skip-under-emulation.txt E2E_TIMEOUT_FACTOR=5 \
  "$repo/tests/e2e/run.sh" "$build/dtrace" "$build/progs" ${filter:+"$filter"}
