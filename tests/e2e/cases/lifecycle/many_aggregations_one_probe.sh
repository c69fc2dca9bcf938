# 1,500 clauses on BEGIN, each with its own aggregation: one BPF program
# may use at most 64 maps, so the clauses spread over a chain of programs.
# Every aggregation is printed once, with its count of 1.
{
  for i in $(seq 1500); do echo "BEGIN { @a$i = count(); }"; done
  echo 'BEGIN { exit(0); }'
} >aggs.d
"$DTRACE" -q -s aggs.d | sort | uniq -c
