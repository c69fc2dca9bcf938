# Dynamic variable drops are reported while tracing, once per switchrate
# period, as DTrace reports them at its status checks: the ten stores that
# find no room happen in the first 20 ms, the report comes at the first
# 100 ms period, and "later" a second after tracing started. No drop comes
# after, so none is reported at exit.
"$DTRACE" -q -x dynvarsize=160 -x switchrate=100ms -n '
tick-1ms /n < 20/ { a[n] = 1; n++; }
tick-1s { printf("later\n"); exit(0); }' 2>&1
