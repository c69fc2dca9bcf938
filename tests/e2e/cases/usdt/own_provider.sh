# A program that defines its own provider, built as DTrace documents it and
# with this build's C compiler ($CC, else cc): "dtrace -h" writes the header
# (named after the provider file), the program is compiled with it,
# "dtrace -G" over the program's object writes the object defining the
# semaphores (provider.o, also named after the provider file), and the two
# are linked. The provider file goes through cpp (-C). Traced, every
# argument arrives with its declared size and sign (a char * read with
# copyinstr), and the tick probe, guarded by its is-enabled macro, runs only
# in the run that traces it. The program reports its enabled ticks on
# stderr.
src="$CASE_DIR/../../progs/usdt"
cp "$src/usdt_own.c" .
cat >myprov.d <<'D'
#define STRING char *
provider myprov {
	probe request__start(int, STRING, long long, unsigned char);
	probe request__done(int id, string status);
	probe tick();
};
D
cc=${CC:-cc}
"$DTRACE" -C -h -s myprov.d || exit
$cc -O2 -c usdt_own.c -o usdt_own.o || exit
"$DTRACE" -C -G -s myprov.d usdt_own.o || exit
$cc -o usdt_own usdt_own.o myprov.o || exit
echo "-- untraced"
./usdt_own
echo "-- traced, tick not enabled"
"$DTRACE" -q -n 'myprov$target:::request-start {
    printf("%s:%s:%s %d %s %d %d\n", probemod, probefunc, probename, arg0, copyinstr(arg1), arg2, arg3); }
  myprov$target:::request-done { printf("%s %d %s\n", probename, arg0, copyinstr(arg1)); }' -c ./usdt_own
echo "-- traced, tick enabled"
"$DTRACE" -q -n 'myprov$target:::tick { printf("%s\n", probename); }' -c ./usdt_own
