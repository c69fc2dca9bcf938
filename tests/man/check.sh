#!/usr/bin/env bash
# Checks the manual page against groff and against the program it describes.
#
#   tests/man/check.sh <dtrace-binary> <man-page> <run_settings.cc>
#
#   1. groff -ww renders it without a warning, and so does man --warnings
#      (lintian's check), when man-db is installed;
#   2. every option `dtrace --help` lists has an entry under OPTIONS, and
#      every entry there is an option --help lists;
#   3. every -x option name the option table accepts (src/cli/run_settings.cc)
#      is under TRACING OPTIONS, and every name there is in the table;
#   4. every provider `dtrace -l` lists has its subsection under PROVIDERS,
#      and every probe of dtrace, sched, proc and io its entry there
#      (needs the privileges dtrace -l needs: root);
#   5. every example command line under EXAMPLES, and every example script,
#      compiles (dtrace -e: nothing is enabled).
# Prints one line per problem and exits 1 if there is any, else prints
# "man page: N checks passed" and exits 0.
set -uo pipefail

if (($# != 3)); then
  echo "usage: $0 <dtrace-binary> <man-page> <run_settings.cc>" >&2
  exit 2
fi
dtrace=$1 page=$2 settings=$3
for f in "$dtrace" "$page" "$settings"; do
  [[ -e $f ]] || { echo "check.sh: $f: no such file" >&2; exit 2; }
done
dtrace=$(realpath "$dtrace")  # the examples run in a scratch directory

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
problems=0 checks=0
problem() { echo "man page: $*"; problems=$((problems + 1)); }
passed() { checks=$((checks + 1)); }

# Text of one section: the lines after ".SH NAME" up to the next ".SH".
section() { awk -v name="$1" '/^\.SH / { inside = ($0 == ".SH " name); next } inside' "$page"; }

# roff escapes used in the page, back to the characters they stand for.
unroff() { sed -e 's/\\-/-/g' -e "s/\\\\(aq/'/g" -e 's/\\(dq/"/g' -e 's/\\e/\\/g' -e 's/\\&//g'; }

# --- 1. rendering -------------------------------------------------------------
if ! command -v groff >/dev/null; then
  problem "groff is not installed (Debian package groff-base)"
else
  groff -ww -man -Tutf8 "$page" >/dev/null 2>"$scratch/groff.err"
  status=$?
  if ((status != 0)) || [[ -s $scratch/groff.err ]]; then
    problem "groff -ww -man -Tutf8 exited $status:"
    sed 's/^/    /' "$scratch/groff.err"
  else
    passed
  fi
fi
if command -v man >/dev/null; then
  LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 \
    man --warnings -E UTF-8 -l -Tutf8 -Z "$page" >/dev/null 2>"$scratch/man.err"
  status=$?
  if ((status != 0)) || [[ -s $scratch/man.err ]]; then
    problem "man --warnings -l exited $status:"
    sed 's/^/    /' "$scratch/man.err"
  else
    passed
  fi
fi

# --- 2. options: --help against OPTIONS ------------------------------------------
if ! "$dtrace" --help >"$scratch/help" 2>&1; then
  problem "$dtrace --help failed:"
  sed 's/^/    /' "$scratch/help"
fi
# "\t-b  size of the ..." lines, and the letters of "[-CeFhHlqSvVwZ]".
{
  sed -n 's/^\t-\([A-Za-z0-9]\+\) .*/\1/p' "$scratch/help"
  sed -n '1s/.*\[-\([A-Za-z]\+\)\].*/\1/p' "$scratch/help" | grep -o .
} | sort -u >"$scratch/help.options"
if [[ $(wc -l <"$scratch/help.options") -lt 10 ]]; then
  problem "found only $(wc -l <"$scratch/help.options") options in dtrace --help:" \
    "has its format changed?"
fi
# An entry is the line after .TP: ".B \-q", ".BI \-b " bufsz"", ".BR \-h ", " \-\-help".
section OPTIONS | awk 'tp { print } { tp = ($0 == ".TP") }' |
  sed -n 's/^\.B[IR]\? \\-\([A-Za-z0-9]\+\)\( .*\)\?$/\1/p' | sort -u >"$scratch/man.options"
while read -r opt; do
  if grep -qx -- "$opt" "$scratch/man.options"; then passed; else
    problem "option -$opt is in dtrace --help but has no entry under OPTIONS"
  fi
done <"$scratch/help.options"
while read -r opt; do
  if grep -qx -- "$opt" "$scratch/help.options"; then passed; else
    problem "option -$opt has an entry under OPTIONS but is not in dtrace --help"
  fi
done <"$scratch/man.options"
# grep reads the whole section (no -q): under pipefail, a grep that quits at
# the first match can leave awk writing into a closed pipe, and the
# pipeline then fails although the entry is there.
for long in help version; do
  if section OPTIONS | grep "^\.BR\? .*\\\\-\\\\-$long\$" >/dev/null; then passed; else
    problem "--$long has no entry under OPTIONS"
  fi
done

# --- 3. -x options: the option table against TRACING OPTIONS ---------------------
sed -n 's/^ *{"\([a-z_]\+\)", {Kind::.*/\1/p' "$settings" | sort -u >"$scratch/table.xopts"
if [[ $(wc -l <"$scratch/table.xopts") -lt 10 ]]; then
  problem "found only $(wc -l <"$scratch/table.xopts") option names in $settings:" \
    "has the table's layout changed?"
fi
# Entries (".TP" then ".BI name " (...)"), and the list of the options
# without effect: the ".BR name ," lines after "they have no effect here:".
section "TRACING OPTIONS" | awk '
  tp && /^\.BI [a-z_]+ / { print $2 }
  { tp = ($0 == ".TP") }
  list && /^\.BR [a-z_]+ [,.]$/ { print $2; next }
  { list = /they have no effect here:$/ }' | sort -u >"$scratch/man.xopts"
while read -r opt; do
  if grep -qx -- "$opt" "$scratch/man.xopts"; then passed; else
    problem "-x $opt is accepted (run_settings.cc) but is not under TRACING OPTIONS"
  fi
done <"$scratch/table.xopts"
while read -r opt; do
  if grep -qx -- "$opt" "$scratch/table.xopts"; then passed; else
    problem "-x $opt is under TRACING OPTIONS but run_settings.cc does not accept it"
  fi
done <"$scratch/man.xopts"

# --- 4. providers and probes: dtrace -l against PROVIDERS ------------------------
if ! "$dtrace" -l >"$scratch/list" 2>"$scratch/list.err"; then
  problem "dtrace -l failed (run as root):"
  sed 's/^/    /' "$scratch/list.err"
else
  section PROVIDERS >"$scratch/providers"
  awk 'NR > 1 { print $2 }' "$scratch/list" | sort -u >"$scratch/list.providers"
  while read -r provider; do
    if grep -qx "\.SS $provider" "$scratch/providers"; then passed; else
      problem "provider $provider is listed by dtrace -l but has no subsection under PROVIDERS"
    fi
  done <"$scratch/list.providers"
  # Providers whose probes are fixed (not one per syscall, tracepoint or rate):
  # each probe name needs its own entry.
  awk 'NR > 1 && ($2 == "dtrace" || $2 == "sched" || $2 == "proc" || $2 == "io" ||
                 $2 == "tcp" || $2 == "udp" || $2 == "ip" || $2 == "lockstat") {
         print $2 ":::" $NF }' "$scratch/list" | sort -u >"$scratch/list.probes"
  while read -r probe; do
    entry=".B ${probe//-/\\-}"
    if grep -qxF -- "$entry" "$scratch/providers"; then passed; else
      problem "probe $probe is listed by dtrace -l but has no entry under PROVIDERS"
    fi
  done <"$scratch/list.probes"
  sed -n 's/^\.B \([a-z]\+:::[A-Za-z\\-]\+\)$/\1/p' "$scratch/providers" | unroff |
    while read -r probe; do
      if grep -qxF -- "$probe" "$scratch/list.probes"; then echo pass; else
        echo "man page: probe $probe has an entry under PROVIDERS but dtrace -l does not list it"
      fi
    done >"$scratch/extra.probes"
  checks=$((checks + $(grep -cx pass "$scratch/extra.probes")))
  problems=$((problems + $(grep -vcx pass "$scratch/extra.probes")))
  grep -vx pass "$scratch/extra.probes"
fi

# --- 5. examples compile ---------------------------------------------------------
# Each .EX block of EXAMPLES: command lines start with "# dtrace" (a line with
# an unclosed quote continues on the next); a block of other lines is a script.
section EXAMPLES | awk -v dir="$scratch" '
  /^\.EX$/ { inside = 1; n++; next }
  /^\.EE$/ { inside = 0; next }
  inside { print > (dir "/example." n) }'
for block in "$scratch"/example.*; do
  unroff <"$block" >"$block.txt"
  if head -1 "$block.txt" | grep -q '^# '; then
    command=""
    while IFS= read -r line; do
      command+=${command:+$'\n'}$line
      quotes=${command//[^\']/}
      ((${#quotes} % 2 == 0)) || continue
      # Only dtrace's own command lines, without a pipe, a -c command to start
      # or a -p process to grab, and not the scripts (their text is checked).
      if [[ $command =~ ^#\ dtrace\  && ! $command =~ \|\ |\ -[cps]\  ]]; then
        if (cd "$scratch" && eval "\"\$dtrace\" -e ${command#\# dtrace }") \
          >"$scratch/out" 2>&1; then
          passed
        else
          problem "example does not compile: ${command#\# }"
          sed 's/^/    /' "$scratch/out"
        fi
      fi
      command=""
    done <"$block.txt"
  else
    cpp=()
    grep -q '^#\(define\|if\|include\)' "$block.txt" && cpp=(-C)
    if "$dtrace" -e "${cpp[@]}" -s "$block.txt" >"$scratch/out" 2>&1; then passed; else
      problem "example script does not compile ($(head -1 "$block.txt") ...):"
      sed 's/^/    /' "$scratch/out"
    fi
  fi
done

if ((problems > 0)); then
  echo "man page: $problems problems ($checks checks passed)"
  exit 1
fi
echo "man page: $checks checks passed"
