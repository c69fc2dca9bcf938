#!/usr/bin/env bash
# Installs what the project needs on Debian 12 (run as root) and builds it
# into ./build (or $BUILD_DIR).
#
#   scripts/setup.sh              build dependencies, configure, build
#   scripts/setup.sh --bench      also the tools bench/run.sh compares against
#   scripts/setup.sh --sanitizers also clang and its runtimes, for the
#                                 ASan+UBSan test build and the fuzz target
#   scripts/setup.sh --no-build   install only
#
# Idempotent: when dpkg already reports every package installed, apt is not
# touched at all, and ninja rebuilds only what changed.
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$repo_root/build}

# g++ brings gcc (the e2e helper programs are C); the rest are the libraries
# and tools CMakeLists.txt asks for, and bpftool, with which the end-to-end
# tests check that nothing dtrace loaded stays in the kernel. groff-base
# renders the manual page (its test); dpkg-dev (dpkg-shlibdeps) and file are
# what cpack needs to build the .deb; systemtap-sdt-dev's <sys/sdt.h> gives
# the elf stage's and the usdt provider's test programs their USDT probes.
# qemu-system-x86, busybox-static, cpio and e2fsprogs run the e2e suite a
# second time on Debian's 6.1 kernel (tests/qemu/run.sh, which fetches the
# kernel itself). nlohmann-json3-dev (header only) writes -x oformat=json;
# python3's json parser checks that output in the e2e json/ cases.
# libmicrohttpd-dev is the HTTP server of -x metrics; prometheus scrapes it in
# tests/metrics/prometheus.sh (which starts its own server: the package's
# service plays no part).
build_packages=(g++ cmake ninja-build pkg-config libbpf-dev libelf-dev zlib1g-dev
                libmicrohttpd-dev libgtest-dev bpftool groff-base dpkg-dev file
                systemtap-sdt-dev qemu-system-x86 busybox-static cpio e2fsprogs
                nlohmann-json3-dev python3 prometheus)
# bpftrace is the baseline of the benchmark; `time` (GNU time) measures peak
# RSS; bpftool (installed above) tells when a tracer's programs are loaded.
bench_packages=(bpftrace time)
# clang builds the AddressSanitizer/UndefinedBehaviorSanitizer test suite
# and the libFuzzer target (scripts/test.sh, scripts/fuzz.sh); libFuzzer and
# clang's sanitizer runtimes are in libclang-rt-14-dev. python3 (installed
# above) also runs the run-path fuzzer (fuzz/run_fuzz.py), part of that suite.
sanitizer_packages=(clang-14 libclang-rt-14-dev)

want_bench=false
want_sanitizers=false
want_build=true
for arg in "$@"; do
  case $arg in
    --bench) want_bench=true ;;
    --sanitizers) want_sanitizers=true ;;
    --no-build) want_build=false ;;
    -h|--help) sed -n '2,12p' "${BASH_SOURCE[0]}"; exit 0 ;;
    *) echo "setup.sh: unknown option '$arg'" >&2; exit 2 ;;
  esac
done

packages=("${build_packages[@]}")
$want_bench && packages+=("${bench_packages[@]}")
$want_sanitizers && packages+=("${sanitizer_packages[@]}")

missing=()
for pkg in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  [[ $status == "install ok installed" ]] || missing+=("$pkg")
done

if ((${#missing[@]})); then
  if ((EUID != 0)); then
    echo "setup.sh: missing packages (${missing[*]}); run as root to install them" >&2
    exit 1
  fi
  echo "setup.sh: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

if $want_build; then
  if [[ ! -f $build_dir/build.ninja ]]; then
    cmake -S "$repo_root" -B "$build_dir" -G Ninja
  fi
  ninja -C "$build_dir"
fi
