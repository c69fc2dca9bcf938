# 2,500 aggregations on one probe need more chained programs (64 maps
# each) than the kernel follows tail calls: a compile error that names
# that limit, rather than a load failure or clauses silently skipped.
{
  for i in $(seq 2500); do echo "BEGIN { @a$i = count(); }"; done
} >aggs.d
"$DTRACE" -q -s aggs.d
