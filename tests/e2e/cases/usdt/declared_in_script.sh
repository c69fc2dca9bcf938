# A provider definition given to dtrace beside the tracing script (-s
# provider.d) types the args[] of probes whose program carries no types of
# its own: usdt_target is built with <sys/sdt.h>, whose notes say only
# sizes (without the definition: uint64_t and int32_t). A provider name the
# definition gets wrong is DTrace's error, as for -h and -G.
cat >provider.d <<'D'
provider usdt_test {
	probe string__arg(string, int);
};
D
echo "-- listed"
"$DTRACE" -lv -s provider.d -n 'usdt_test$target:::string-arg' -c "$PROGS/usdt_target" |
  sed -n '/Argument Types/,/^$/p'
echo "-- traced"
"$DTRACE" -q -s provider.d -n 'usdt_test$target:::string-arg {
    printf("%s %d\n", copyinstr(args[0]), args[1]); }' -c "$PROGS/usdt_target"
echo "-- misused"
"$DTRACE" -s provider.d -n 'usdt_test$target:::string-arg { trace(args[0] & 1); }' \
  -c "$PROGS/usdt_target"
echo 'provider usdt_test2 { probe x(int); };' >bad.d
"$DTRACE" -s bad.d -n 'BEGIN { exit(0); }'
exit 0
