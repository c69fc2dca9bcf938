# The lockstat probes this kernel's lock tracepoints give (the hold
# probes need fbt and are not listed), without their IDs, which depend on
# how many tracepoints the kernel has.
"$DTRACE" -l -P lockstat | awk '{ $1 = ""; print substr($0, 2) }'
