# REQUIRES: write_user
# A write to an address the process has not mapped is an invalid address
# fault at that address, as DTrace reports it. The DIF offset is the
# tool's own instruction offset: masked.
"$DTRACE" -q -w -n 'BEGIN { copyout("abcd", 16, 4); } BEGIN { exit(0); }' 2>&1 |
  sed -E 's/DIF offset [0-9]+/DIF offset O/'
