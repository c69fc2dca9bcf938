#!/usr/bin/env bash
# Stand-in for dtrace in the runner's self-tests (run.sh --selftest). Prints
# each argument in brackets (with $PROGS shown as @PROGS@) and the last line of
# the script given with -s; then:
#   --exit N   exits with status N (default 0)
#   --hang     sleeps until killed
#   --pid      prints a default-format probe record and "pid N has exited"
status=0 script= hang=false pid=false
line=argv:
for arg in "$@"; do line+=" [${arg//$PROGS/@PROGS@}]"; done
echo "$line"
while (($#)); do
  case $1 in
    -s) script=$2; shift ;;
    --exit) status=$2; shift ;;
    --hang) hang=true ;;
    --pid) pid=true ;;
  esac
  shift
done
[[ -n $script ]] && echo "script: $(tail -n 1 "$script")"
if $pid; then
  printf '%3s %6s %32s\n' CPU ID FUNCTION:NAME
  printf '%3d %6d %32s\n' 1 73412 getppid:entry
  echo "dtrace: pid $$ has exited" >&2
fi
$hang && exec sleep 1000
exit "$status"
