# The lockstat probes: those the kernel's lock tracepoints give, then the
# hold probes, one per locking function the kernel's BTF has (listed where
# the kernel cannot attach them too), without their IDs, which depend on
# how many tracepoints the kernel has.
"$DTRACE" -l -P lockstat | awk '{ $1 = ""; print substr($0, 2) }'
