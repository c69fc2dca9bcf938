#!/usr/bin/env bash
# End-to-end test runner: runs every case under tests/e2e/cases against a dtrace
# binary and compares stdout, stderr and exit status with the expected files.
# The case format, directives and normalisation rules are in README.md here.
#
#   run.sh [--cases DIR] <dtrace-binary> <progs-dir> [filter]
#   run.sh --selftest
#
# filter: run only the cases whose name (<group>/<name>) contains it; shell
# glob characters are allowed (e.g. 'syscall/*count'). Cases run one at a
# time: they share the kernel. Ends with "N passed, N failed"; exits 1 if any
# case failed (or a filter matched nothing), 2 on bad usage.
#
# E2E_TIMEOUT   seconds before a case counts as hung (default 30)
# E2E_OUT_DIR   if set, each case's normalised actual output is saved there as
#               <group>/<name>.{out,err,status}, to inspect when writing cases
set -uo pipefail

# Cases see fd numbers (openat returns, read fds), so give every case the
# same start: only stdin/stdout/stderr open, whatever launched the runner
# (ctest keeps descriptors of its own open).
for fd in /proc/$$/fd/*; do
  n=${fd##*/}
  if [ "$n" -gt 2 ] 2>/dev/null; then eval "exec $n>&-" 2>/dev/null; fi
done

e2e_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
default_timeout=${E2E_TIMEOUT:-30}

usage() {
  sed -n '6,7p' "${BASH_SOURCE[0]}" | sed 's/^# */usage: /' >&2
  exit 2
}

# --- normalisation -----------------------------------------------------------
# Each rule is opted into per case with /* NORMALIZE: rule ... */ and applies
# to the actual output only (expected files are written already normalised).
# A case that opts into nothing is compared byte for byte.
normalize_rule_sed() {
  case $1 in
    # Process IDs after the word "pid", as in "dtrace: pid 4242 has exited".
    pids) echo 's/\bpid [0-9]+/pid PID/g' ;;
    # The CPU and probe ID columns that start every default (non -q) record
    # line: "%3d %6d " becomes "CPU     ID ", keeping the column widths.
    cpu-id) echo 's/^[ 0-9]{2}[0-9] [ 0-9]{5}[0-9] /CPU     ID /' ;;
    *) return 1 ;;
  esac
}

# --- one case ----------------------------------------------------------------
# Reads the directive lines at the top of a case: "/* KEY: value */" in a .d
# file, "# KEY: value" in a .sh file (after the #! line). Sets args, rules,
# timeout; on an unknown or malformed one sets directive_error, returns 1.
read_directives() {
  local file=$1 kind=$2 line key value re
  args='-s @SCRIPT@'
  rules=()
  timeout=$default_timeout
  if [[ $kind == d ]]; then re='^/\*[[:space:]]*([A-Z]+):[[:space:]]*(.*[^[:space:]])[[:space:]]*\*/$'
  else re='^#[[:space:]]*([A-Z]+):[[:space:]]*(.*[^[:space:]])[[:space:]]*$'; fi
  while IFS= read -r line; do
    [[ $kind == sh && $line == '#!'* ]] && continue
    [[ $line =~ $re ]] || break
    key=${BASH_REMATCH[1]} value=${BASH_REMATCH[2]}
    case $key in
      ARGS)
        if [[ $kind != d ]]; then directive_error="ARGS is for .d cases only" && return 1; fi
        args=$value ;;
      NORMALIZE)
        read -ra rules <<<"$value"
        for rule in "${rules[@]}"; do
          normalize_rule_sed "$rule" >/dev/null || { directive_error="unknown NORMALIZE rule '$rule'"; return 1; }
        done ;;
      TIMEOUT)
        [[ $value =~ ^[0-9]+$ ]] || { directive_error="TIMEOUT must be a number of seconds"; return 1; }
        timeout=$value ;;
      *) directive_error="unknown directive '$key'"; return 1 ;;
    esac
  done <"$file"
  return 0
}

normalize() {  # file, rules...
  local file=$1 rule expressions=()
  shift
  for rule in "$@"; do expressions+=(-e "$(normalize_rule_sed "$rule")"); done
  ((${#expressions[@]})) && sed -E -i "${expressions[@]}" "$file"
  return 0
}

# Runs one case; prints PASS/FAIL (and why); returns 0 on pass.
run_case() {
  local case_file=$1 name=$2 kind=${1##*.} base=${1%.*}
  local scratch problems=() status expected_status started elapsed
  local args rules timeout argv directive_error
  # The case runs in $scratch/cwd; its captured streams live beside that
  # directory, so files a case writes can never collide with them.
  scratch=$(mktemp -d "${TMPDIR:-/tmp}/e2e.XXXXXX")
  mkdir "$scratch/cwd"

  if ! read_directives "$case_file" "$kind"; then
    problems+=("bad directive: $directive_error")
  elif [[ ! -f $base.status ]]; then
    problems+=("missing $(basename "$base").status (every case states its exit status)")
  else
    expected_status=$(tr -d '[:space:]' <"$base.status")
    started=$(date +%s%N)
    if [[ $kind == d ]]; then
      local script_name
      script_name=$(basename "$case_file")
      cp "$case_file" "$scratch/cwd/$script_name"
      args=${args//@SCRIPT@/$script_name}
      args=${args//@PROGS@/\$PROGS}
      args=${args//@DTRACE@/\$DTRACE}
      if ! eval "argv=($args)" 2>"$scratch/eval.err"; then
        problems+=("ARGS does not parse: $(cat "$scratch/eval.err")")
      else
        (cd "$scratch/cwd" && exec timeout -k 5 "$timeout" "$DTRACE" "${argv[@]}") \
          </dev/null >"$scratch/out" 2>"$scratch/err"
        status=$?
      fi
    else
      (cd "$scratch/cwd" && CASE_DIR=$(dirname "$case_file") exec timeout -k 5 "$timeout" \
        bash "$case_file") </dev/null >"$scratch/out" 2>"$scratch/err"
      status=$?
    fi
    elapsed=$((($(date +%s%N) - started) / 1000000000))
  fi

  if ((${#problems[@]} == 0)); then
    if [[ ($status == 124 || $status == 137) && $elapsed -ge $timeout ]]; then
      problems+=("timed out after ${timeout}s (killed)")
    fi
    normalize "$scratch/out" "${rules[@]}"
    normalize "$scratch/err" "${rules[@]}"
    [[ $status == "$expected_status" ]] ||
      problems+=("exit status: expected $expected_status, got $status")
    local stream expected
    for stream in out err; do
      expected=$base.$stream
      [[ -f $expected ]] || expected=/dev/null
      if ! cmp -s "$expected" "$scratch/$stream"; then
        problems+=("std$stream differs:
$(diff -u --label "expected $name.$stream" --label "actual $name.$stream" \
          "$expected" "$scratch/$stream")")
      fi
    done
    if [[ -n ${E2E_OUT_DIR:-} ]]; then
      mkdir -p "$E2E_OUT_DIR/$(dirname "$name")"
      cp "$scratch/out" "$E2E_OUT_DIR/$name.out"
      cp "$scratch/err" "$E2E_OUT_DIR/$name.err"
      echo "$status" >"$E2E_OUT_DIR/$name.status"
    fi
  fi
  rm -rf "$scratch"

  if ((${#problems[@]})); then
    echo "FAIL $name"
    printf '%s\n' "${problems[@]}" | sed 's/^/    /'
    return 1
  fi
  echo "PASS $name"
}

# --- the suite ---------------------------------------------------------------
run_suite() {  # cases-dir filter
  local cases_dir=$1 filter=$2 passed=0 failed=0 file name
  local -a files
  mapfile -t files < <(find "$cases_dir" -mindepth 2 -maxdepth 2 -type f \
    \( -name '*.d' -o -name '*.sh' \) | LC_ALL=C sort)
  for file in "${files[@]}"; do
    name=${file#"$cases_dir"/}
    name=${name%.*}
    [[ -z $filter || $name == *$filter* ]] || continue
    if run_case "$file" "$name"; then ((passed++)); else ((failed++)); fi
  done
  if ((passed + failed == 0)) && [[ -n $filter ]]; then
    echo "no case matches '$filter'"
    failed=1
  fi
  echo "$passed passed, $failed failed"
  ((failed == 0))
}

# Proves the runner itself tells right from wrong: every case under
# selftest/pass must pass and every case under selftest/fail must fail, for
# the reason its .why file gives (each line must appear in the report), run
# against a fake dtrace (selftest/fake-dtrace.sh).
run_selftest() {
  local selftest=$e2e_dir/selftest passed=0 failed=0 file name output
  local fake=$selftest/fake-dtrace.sh
  for file in "$selftest"/pass/*.d "$selftest"/pass/*.sh; do
    name=pass/$(basename "${file%.*}")
    if output=$("$0" --cases "$selftest" "$fake" "$selftest" "$name" 2>&1) &&
       [[ $output == *"PASS $name"* ]]; then
      echo "ok   $name passes"; ((passed++))
    else
      echo "BAD  $name should pass:"; sed 's/^/    /' <<<"$output"; ((failed++))
    fi
  done
  for file in "$selftest"/fail/*.d "$selftest"/fail/*.sh; do
    name=fail/$(basename "${file%.*}")
    output=$("$0" --cases "$selftest" "$fake" "$selftest" "$name" 2>&1)
    if (($? == 1)) && [[ $output == *"FAIL $name"* && $output == *"0 passed, 1 failed"* ]] &&
       reasons_found "${file%.*}.why" "$output"; then
      echo "ok   $name fails"; ((passed++))
    else
      echo "BAD  $name should fail:"; sed 's/^/    /' <<<"$output"; ((failed++))
    fi
  done
  # A filter that matches nothing is an error, not an empty success.
  output=$("$0" --cases "$selftest" "$fake" "$selftest" no-such-case 2>&1)
  if (($? == 1)) && [[ $output == *"no case matches 'no-such-case'"* ]]; then
    echo "ok   an unmatched filter fails"; ((passed++))
  else
    echo "BAD  an unmatched filter should fail:"; sed 's/^/    /' <<<"$output"; ((failed++))
  fi
  echo "$passed passed, $failed failed"
  ((failed == 0))
}

reasons_found() {  # why-file report
  local reason
  [[ -s $1 ]] || return 1
  while IFS= read -r reason; do
    [[ $2 == *"$reason"* ]] || return 1
  done <"$1"
}

main() {
  local cases_dir=$e2e_dir/cases
  case ${1:-} in
    --selftest) [[ $# == 1 ]] || usage; run_selftest; return ;;
    --cases) [[ $# -ge 2 ]] || usage; cases_dir=$2; shift 2 ;;
  esac
  [[ $# == 2 || $# == 3 ]] || usage
  DTRACE=$(realpath -e "$1" 2>/dev/null) || { echo "run.sh: no dtrace binary at '$1'" >&2; exit 1; }
  PROGS=$(realpath -e "$2" 2>/dev/null) || { echo "run.sh: no progs directory at '$2'" >&2; exit 1; }
  if [[ ! -d $cases_dir && $cases_dir == "$e2e_dir/cases" ]]; then
    mkdir -p "$cases_dir"  # git keeps no empty directory: none written yet
  fi
  cases_dir=$(realpath -e "$cases_dir") || exit 2
  export DTRACE PROGS
  ((EUID == 0)) || echo "run.sh: warning: not root; tracing will be refused" >&2
  run_suite "$cases_dir" "${3:-}"
}

main "$@"
