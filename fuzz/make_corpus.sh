#!/usr/bin/env bash
# Writes the compile fuzzer's seed corpus into DIR: every D program of the
# end-to-end tests (the .d cases, and the -n programs of the .sh cases),
# the examples and the D library, one file each.
#   fuzz/make_corpus.sh DIR
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:?usage: make_corpus.sh DIR}
mkdir -p "$out"

n=0
while IFS= read -r -d '' f; do
  n=$((n + 1))
  cp "$f" "$out/$(printf '%04d' "$n")-$(basename "$f")"
done < <(find "$repo_root/tests/e2e/cases" "$repo_root/examples" "$repo_root/lib/dtrace" \
           -name '*.d' -print0 | sort -z)

# The -n '...' programs of the shell cases (single-quoted, maybe several
# lines long).
while IFS= read -r -d '' f; do
  n=$((n + 1))
  PREFIX="$out/$(printf '%04d' "$n")-$(basename "$f" .sh)" perl -0777 -ne '
    my $i = 0;
    while (/-n\s+\x27([^\x27]*)\x27/g) {
      open(my $fh, ">", "$ENV{PREFIX}-" . $i++ . ".d") or die "$!";
      print $fh "$1\n";
    }' "$f"
done < <(find "$repo_root/tests/e2e/cases" -name '*.sh' -print0 | sort -z)
echo "make_corpus.sh: $(find "$out" -type f | wc -l) seeds in $out"
