# DTrace's -h generates a header of USDT probe macros from a provider
# file. Until that exists, -h is refused (exit 1) rather than printing help
# and exiting 0, which a build system would take for a header written.
# --help prints the usage text.
cat >provider.d <<'D'
provider myapp { probe start(int); };
D
"$DTRACE" -h -s provider.d -o provider.h
echo "status $?"
[ -e provider.h ] && echo "provider.h was written"
"$DTRACE" --help | head -1
echo "status ${PIPESTATUS[0]}"
