# Listed as "skip" for kernel 9.9; fails if it runs at all.
exit 1
