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
# time: they share the kernel. Ends with "N passed, N failed" (and ", N
# skipped" when some were); exits 1 if any case failed (or a filter matched
# nothing), 2 on bad usage.
#
# E2E_TIMEOUT   seconds before a case counts as hung (default 30)
# E2E_TIMEOUT_FACTOR  multiplies every case's time limit (default 1), for a
#               slow test bed such as an emulator
# E2E_OUT_DIR   if set, each case's normalised actual output is saved there as
#               <group>/<name>.{out,err,status}, to inspect when writing cases
# E2E_KERNEL    the kernel series whose differences apply (default: the
#               running kernel's major.minor, e.g. 6.1); see README.md
# E2E_PROGRESS  if set, a file (or device) each case's name and the machine's
#               uptime are written to as it starts, so a run that hangs the
#               machine names its case (and the kernel's complaints, stamped
#               with uptime and naming pids, can be matched to cases)
# E2E_SKIP_LIST a file naming cases not to run on this test bed, one
#               "<case> <reason>" a line (tests/qemu/ has the emulator's)
# E2E_RESUME_FROM  a case name: the cases before it (in the suite's order)
#               are not run nor counted, so a test bed whose machine died in
#               the middle of a run can run the rest on a new one
set -uo pipefail
shopt -s extglob

# Cases see fd numbers (openat returns, read fds), so give every case the
# same start: only stdin/stdout/stderr open, whatever launched the runner
# (ctest keeps descriptors of its own open).
for fd in /proc/$$/fd/*; do
  n=${fd##*/}
  if [ "$n" -gt 2 ] 2>/dev/null; then eval "exec $n>&-" 2>/dev/null; fi
done

e2e_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
default_timeout=${E2E_TIMEOUT:-30}
timeout_factor=${E2E_TIMEOUT_FACTOR:-1}
[[ $timeout_factor =~ ^[1-9][0-9]*$ ]] ||
  { echo "run.sh: E2E_TIMEOUT_FACTOR must be a whole number from 1" >&2; exit 2; }
kernel_series=${E2E_KERNEL:-$(uname -r | sed -E 's/^([0-9]+\.[0-9]+).*/\1/')}

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

# --- kernel facilities -------------------------------------------------------
# A case that needs a facility not every kernel offers says so with
# REQUIRES; it is skipped where the kernel lacks it. Whether it is there is
# asked of the kernel itself by $PROGS/has_facility (progs/has_facility.c),
# once per run, never guessed from the kernel version.
known_facilities=(fbt uprobe_multi write_user optimized_uprobes)
declare -A facility_state=() facility_said=()
# Returns 0 if the kernel offers the facility, 1 if not, 2 if that cannot be
# told (has_facility missing or failing): a case must not be skipped for it.
facility_available() {  # facility
  local facility=$1
  if [[ -z ${facility_state[$facility]:-} ]]; then
    if [[ ! -x $PROGS/has_facility ]]; then
      facility_state[$facility]=2
      facility_said[$facility]="no $PROGS/has_facility"
    else
      facility_said[$facility]=$("$PROGS/has_facility" "$facility" 2>&1)
      facility_state[$facility]=$?
      ((facility_state[$facility] <= 1)) || facility_state[$facility]=2
      if ((facility_state[$facility] == 1)); then echo "note: ${facility_said[$facility]}"; fi
    fi
  fi
  return "${facility_state[$facility]}"
}

# --- kernel differences ---------------------------------------------------------
# cases/kernel-<series>.txt lists the cases whose result differs on that
# kernel series, one per line with the reason: "<case> skip <reason>" (not
# run there) or "<case> expect <reason>" (compared with <name>.out.<series>,
# .err.<series>, .status.<series> where those exist). check_kernel_lists keeps
# the lists and the per-kernel files in step with each other and the cases.
declare -A kernel_skip=() kernel_expect=() bed_skip=()
skip_list_problems=()
load_kernel_list() {  # cases-dir; fills kernel_skip/kernel_expect for this kernel
  local list=$1/kernel-$kernel_series.txt name kind reason
  [[ -f $list ]] || return 0
  while read -r name kind reason; do
    [[ -z $name || $name == '#'* ]] && continue
    case $kind in
      skip) kernel_skip[$name]=$reason ;;
      expect) kernel_expect[$name]=$reason ;;
    esac
  done <"$list"
}

# E2E_SKIP_LIST: cases this test bed cannot run, whatever the kernel (say,
# a bound on wall-clock time that an emulator is too slow to meet).
load_skip_list() {  # cases-dir; fills bed_skip and skip_list_problems
  local cases_dir=$1 list=${E2E_SKIP_LIST:-} name reason
  [[ -n $list ]] || return 0
  if [[ ! -f $list ]]; then
    skip_list_problems+=("E2E_SKIP_LIST: no file $list")
    return
  fi
  while read -r name reason; do
    [[ -z $name || $name == '#'* ]] && continue
    if [[ ! -f $cases_dir/$name.d && ! -f $cases_dir/$name.sh ]]; then
      skip_list_problems+=("${list##*/}: no case $name")
    elif [[ -z $reason ]]; then
      skip_list_problems+=("${list##*/}: $name: no reason given")
    else
      bed_skip[$name]=$reason
    fi
  done <"$list"
}

check_kernel_lists() {  # cases-dir; prints one problem per line
  local cases_dir=$1 list series name kind reason file stream base
  local -A listed
  for list in "$cases_dir"/kernel-*.txt; do
    [[ -f $list ]] || continue
    series=${list##*/kernel-}
    series=${series%.txt}
    listed=()
    while read -r name kind reason; do
      [[ -z $name || $name == '#'* ]] && continue
      if [[ ! -f $cases_dir/$name.d && ! -f $cases_dir/$name.sh ]]; then
        echo "${list##*/}: no case $name"
      elif [[ $kind != skip && $kind != expect ]]; then
        echo "${list##*/}: $name: '$kind' is neither skip nor expect"
      elif [[ -z $reason ]]; then
        echo "${list##*/}: $name: no reason given"
      elif [[ $kind == expect ]] &&
           ! compgen -G "$cases_dir/$name.@(out|err|status).$series" >/dev/null; then
        echo "${list##*/}: $name: expect, but no $name.{out,err,status}.$series"
      fi
      listed[$name]=$kind
    done <"$list"
    for stream in out err status; do
      for file in "$cases_dir"/*/*."$stream.$series"; do
        [[ -f $file ]] || continue
        base=${file#"$cases_dir"/}
        base=${base%."$stream.$series"}
        [[ ${listed[$base]:-} == expect ]] ||
          echo "${file#"$cases_dir"/} has no 'expect' line (with its reason) in ${list##*/}"
      done
    done
  done
  for file in "$cases_dir"/*/*.@(out|err|status).+([0-9]).+([0-9]); do
    [[ -f $file ]] || continue
    series=${file##*.@(out|err|status).}
    [[ -f $cases_dir/kernel-$series.txt ]] ||
      echo "${file#"$cases_dir"/} has no kernel-$series.txt giving its reason"
  done
}

# The expected file for one stream: <base>.<stream>.<series> when the case
# is listed as "expect" for this kernel and has one, else <base>.<stream>.
expected_file() {  # base name stream
  if [[ -n ${kernel_expect[$2]:-} && -f $1.$3.$kernel_series ]]; then
    echo "$1.$3.$kernel_series"
  else
    echo "$1.$3"
  fi
}

# --- one case ----------------------------------------------------------------
# Reads the directive lines at the top of a case: "/* KEY: value */" in a .d
# file, "# KEY: value" in a .sh file (after the #! line). Sets args, rules,
# timeout, requires; on an unknown or malformed one sets directive_error,
# returns 1.
read_directives() {
  local file=$1 kind=$2 line key value re facility
  args='-s @SCRIPT@'
  rules=()
  requires=()
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
      REQUIRES)
        read -ra requires <<<"$value"
        for facility in "${requires[@]}"; do
          [[ " ${known_facilities[*]} " == *" ${facility#!} "* ]] ||
            { directive_error="unknown REQUIRES facility '$facility'"; return 1; }
        done ;;
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

# Runs one case; prints PASS/FAIL (and why) or SKIP (and why); returns 0 on
# pass, 1 on failure, 2 when skipped.
run_case() {
  local case_file=$1 name=$2 kind=${1##*.} base=${1%.*}
  local scratch problems=() status expected_status started elapsed
  local args rules requires timeout argv directive_error facility
  if [[ -n ${kernel_skip[$name]:-} ]]; then
    echo "SKIP $name (kernel $kernel_series: ${kernel_skip[$name]})"
    return 2
  fi
  if [[ -n ${bed_skip[$name]:-} ]]; then
    echo "SKIP $name (${bed_skip[$name]})"
    return 2
  fi
  local directives_read=true
  read_directives "$case_file" "$kind" || directives_read=false
  if $directives_read; then
    for facility in "${requires[@]}"; do
      # !fbt: a case about a kernel without the facility (its error message).
      facility_available "${facility#!}"
      case $?,$facility in
        1,!*) ;;
        0,!*) echo "SKIP $name (needs a kernel without ${facility#!})"; return 2 ;;
        1,*) echo "SKIP $name (needs $facility)"; return 2 ;;
        2,*) problems+=("cannot tell whether the kernel offers ${facility#!}: ${facility_said[${facility#!}]}") ;;
      esac
    done
  fi
  # The case runs in $scratch/cwd; its captured streams live beside that
  # directory, so files a case writes can never collide with them.
  scratch=$(mktemp -d "${TMPDIR:-/tmp}/e2e.XXXXXX")
  mkdir "$scratch/cwd"
  timeout=$((timeout * timeout_factor))
  if [[ -n ${E2E_PROGRESS:-} ]]; then
    read -r uptime _ </proc/uptime
    read -r _ _ _ _ last_pid </proc/loadavg
    # The time limit lets a watcher outside tell a slow case from a dead machine.
    echo "e2e: starting $name at ${uptime}s of uptime, last pid $last_pid, time limit ${timeout}s" \
      >>"$E2E_PROGRESS"
  fi

  if ! $directives_read; then
    problems+=("bad directive: $directive_error")
  elif ((${#problems[@]})); then
    :
  elif [[ ! -f $base.status ]]; then
    problems+=("missing $(basename "$base").status (every case states its exit status)")
  else
    expected_status=$(tr -d '[:space:]' <"$(expected_file "$base" "$name" status)")
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
    local stream expected label
    for stream in out err; do
      expected=$(expected_file "$base" "$name" "$stream")
      label="expected $name${expected#"$base"}"
      [[ -f $expected ]] || expected=/dev/null
      if ! cmp -s "$expected" "$scratch/$stream"; then
        problems+=("std$stream differs:
$(diff -u --label "$label" --label "actual $name.$stream" \
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
sorts_before() {  # a b: in the order the cases run (sort's, in the C locale)
  local LC_ALL=C
  [[ $1 < $2 ]]
}

run_suite() {  # cases-dir filter
  local cases_dir=$1 filter=$2 passed=0 failed=0 skipped=0 file name list_problems
  local -a files
  list_problems=$(check_kernel_lists "$cases_dir")
  if [[ -n $list_problems ]]; then
    echo "FAIL kernel difference lists"
    sed 's/^/    /' <<<"$list_problems"
    ((failed++))
  fi
  load_kernel_list "$cases_dir"
  load_skip_list "$cases_dir"
  if ((${#skip_list_problems[@]})); then
    echo "FAIL skip list"
    printf '    %s\n' "${skip_list_problems[@]}"
    ((failed++))
  fi
  mapfile -t files < <(find "$cases_dir" -mindepth 2 -maxdepth 2 -type f \
    \( -name '*.d' -o -name '*.sh' \) | LC_ALL=C sort)
  for file in "${files[@]}"; do
    name=${file#"$cases_dir"/}
    name=${name%.*}
    [[ -z $filter || $name == *$filter* ]] || continue
    [[ -n ${E2E_RESUME_FROM:-} ]] && sorts_before "$name" "$E2E_RESUME_FROM" && continue
    run_case "$file" "$name"
    case $? in
      0) ((passed++)) ;;
      2) ((skipped++)) ;;
      *) ((failed++)) ;;
    esac
  done
  if ((passed + failed + skipped == 0)) && [[ -n $filter ]]; then
    echo "no case matches '$filter'"
    failed=1
  fi
  echo "$passed passed, $failed failed$( ((skipped)) && echo ", $skipped skipped")"
  ((failed == 0))
}

# Proves the runner itself tells right from wrong: every case under
# selftest/pass must pass and every case under selftest/fail must fail, for
# the reason its .why file gives (each line must appear in the report), and
# every case under selftest/skip must be skipped for its .why reason, run
# against a fake dtrace (selftest/fake-dtrace.sh) and a fake has_facility
# (selftest/has_facility) on a make-believe kernel series 9.9, whose
# differences selftest/kernel-9.9.txt lists, and a test bed that cannot run
# what selftest/skip-list.txt names.
run_selftest() {
  local selftest=$e2e_dir/selftest passed=0 failed=0 file name output
  local fake=$selftest/fake-dtrace.sh
  export E2E_KERNEL=9.9 SELFTEST_FACILITIES=fbt E2E_SKIP_LIST=$selftest/skip-list.txt
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
  for file in "$selftest"/skip/*.d "$selftest"/skip/*.sh; do
    name=skip/$(basename "${file%.*}")
    output=$(SELFTEST_FACILITIES='' "$0" --cases "$selftest" "$fake" "$selftest" "$name" 2>&1)
    if (($? == 0)) && [[ $output == *"SKIP $name ("* && $output == *"0 passed, 0 failed, 1 skipped"* ]] &&
       reasons_found "${file%.*}.why" "$output"; then
      echo "ok   $name is skipped"; ((passed++))
    else
      echo "BAD  $name should be skipped:"; sed 's/^/    /' <<<"$output"; ((failed++))
    fi
  done
  # Not knowing whether the kernel has a facility fails a case that needs it.
  output=$(SELFTEST_FACILITIES=broken "$0" --cases "$selftest" "$fake" "$selftest" pass/requires-fbt 2>&1)
  if (($? == 1)) && [[ $output == *"cannot tell whether the kernel offers fbt"* ]]; then
    echo "ok   an unanswerable REQUIRES fails"; ((passed++))
  else
    echo "BAD  an unanswerable REQUIRES should fail:"; sed 's/^/    /' <<<"$output"; ((failed++))
  fi
  # REQUIRES: !fbt runs where the kernel lacks fbt and is skipped where it has it.
  output=$(SELFTEST_FACILITIES='' "$0" --cases "$selftest" "$fake" "$selftest" without/no-fbt 2>&1)
  if (($? == 0)) && [[ $output == *"PASS without/no-fbt"* ]]; then
    echo "ok   without/no-fbt runs without fbt"; ((passed++))
  else
    echo "BAD  without/no-fbt should pass without fbt:"; sed 's/^/    /' <<<"$output"; ((failed++))
  fi
  output=$("$0" --cases "$selftest" "$fake" "$selftest" without/no-fbt 2>&1)
  if (($? == 0)) && [[ $output == *"SKIP without/no-fbt (needs a kernel without fbt)"* ]]; then
    echo "ok   without/no-fbt is skipped with fbt"; ((passed++))
  else
    echo "BAD  without/no-fbt should be skipped with fbt:"; sed 's/^/    /' <<<"$output"; ((failed++))
  fi
  # Kernel difference and skip lists that disagree with the cases fail the run.
  output=$(E2E_SKIP_LIST=$selftest/bad-lists/skip-list.txt \
    "$0" --cases "$selftest/bad-lists" "$fake" "$selftest" 2>&1)
  if (($? == 1)) && reasons_found "$selftest/bad-lists/why.txt" "$output"; then
    echo "ok   inconsistent kernel difference and skip lists fail"; ((passed++))
  else
    echo "BAD  inconsistent kernel difference and skip lists should fail:"; sed 's/^/    /' <<<"$output"; ((failed++))
  fi
  # E2E_TIMEOUT_FACTOR stretches a case's time limit: slow/limit takes 2 s
  # against its limit of 1 s.
  output=$("$0" --cases "$selftest" "$fake" "$selftest" slow/limit 2>&1)
  if (($? == 1)) && [[ $output == *"timed out after 1s"* ]]; then
    echo "ok   slow/limit times out"; ((passed++))
  else
    echo "BAD  slow/limit should time out:"; sed 's/^/    /' <<<"$output"; ((failed++))
  fi
  output=$(E2E_TIMEOUT_FACTOR=4 "$0" --cases "$selftest" "$fake" "$selftest" slow/limit 2>&1)
  if (($? == 0)) && [[ $output == *"PASS slow/limit"* ]]; then
    echo "ok   slow/limit passes with E2E_TIMEOUT_FACTOR=4"; ((passed++))
  else
    echo "BAD  slow/limit should pass with E2E_TIMEOUT_FACTOR=4:"; sed 's/^/    /' <<<"$output"; ((failed++))
  fi
  # E2E_RESUME_FROM leaves out the cases before it, and only those.
  output=$(E2E_RESUME_FROM=pass/scratch-files "$0" --cases "$selftest" "$fake" "$selftest" pass/ 2>&1)
  if (($? == 0)) && [[ $output == *"PASS pass/scratch-files"* && $output == *"PASS pass/streams"* &&
        $output != *"pass/normalize"* && $output == *"2 passed, 0 failed"* ]]; then
    echo "ok   E2E_RESUME_FROM runs its case and the ones after it"; ((passed++))
  else
    echo "BAD  E2E_RESUME_FROM=pass/scratch-files should run only scratch-files and streams:"
    sed 's/^/    /' <<<"$output"; ((failed++))
  fi
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
