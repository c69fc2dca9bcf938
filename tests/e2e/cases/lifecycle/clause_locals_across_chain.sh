# this-> variables keep their values across the clauses of one probe
# firing, as DTrace documents, also when the clauses are split into a chain
# of BPF programs (here by 5,000 filler clauses between the first and the
# last).
{
  echo 'int x;'
  echo 'tick-10ms { this->n = 10; this->s = "first"; }'
  for i in $(seq 5000); do echo 'tick-10ms { x++; }'; done
  echo 'tick-10ms { printf("%d %s %d\n", this->n, this->s, x); exit(0); }'
} >chain.d
"$DTRACE" -q -s chain.d
