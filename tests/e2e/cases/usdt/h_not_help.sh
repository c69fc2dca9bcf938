# -h is DTrace's "write a header of USDT probe macros" (see own_provider.sh),
# never help: a build system calling "dtrace -h -s provider.d" gets the
# header and exit 0. --help prints the usage text.
cat >provider.d <<'D'
provider myapp { probe start(int); };
D
"$DTRACE" -h -s provider.d -o provider.h
echo "status $?"
grep -c '^#define	MYAPP_START(arg0)' provider.h
"$DTRACE" --help | head -1
echo "status ${PIPESTATUS[0]}"
