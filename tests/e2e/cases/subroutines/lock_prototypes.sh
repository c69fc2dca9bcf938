# The lock subroutines' prototypes: one argument, a pointer or an integer
# (the lock's address), checked as DTrace checks them.
for p in 'BEGIN { trace(mutex_owned()); }' \
         'BEGIN { trace(mutex_owner(1, 2)); }' \
         'BEGIN { trace(rw_read_held("lock")); }' \
         'BEGIN { trace(rw_iswriter(curthread->comm)); }'; do
  "$DTRACE" -xerrtags -n "$p"
  echo "status $?"
done 2>&1
