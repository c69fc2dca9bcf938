# args[] of a program built with dtrace -h and -G: -G records the argument
# types of typedprov.d in the object it writes, and the usdt provider reads
# them back from the linked program. args[0] is a struct request * (the
# struct declared in the provider file, given to dtrace beside the script
# with -s), so sizeof (*args[0]) is the struct's size; args[1] is an int
# (negative), args[2] an unsigned int past INT_MAX, args[0..1] of small a
# signed char and an unsigned short (their sum an int), args[2] a char *
# for copyinstr(). -lv shows the types; misused, they give DTrace's type
# errors. The pid in the provider name varies: -lv's is cut off.
. "$CASE_DIR/../../progs/usdt/build_typed.sh"
build_typed || exit
cat >typed.d <<'D'
typedprov$target:::start
{
	this->r = (struct request *)copyin((uintptr_t)args[0], sizeof (*args[0]));
	printf("%s id %d bytes %d name %s; %d %u; negative %d, size %d\n", probename,
	    this->r->id, this->r->bytes, this->r->name, args[1], args[2], args[1] < 0,
	    sizeof (*args[0]));
}

typedprov$target:::small
{
	printf("%s %d %d %s sum %d\n", probename, args[0], args[1], copyinstr(args[2]),
	    args[0] + args[1]);
}
D
echo "-- traced"
"$DTRACE" -q -s typedprov.d -s typed.d -c ./usdt_typed
echo "-- listed"
"$DTRACE" -lv -n 'typedprov$target:::' -c ./usdt_typed | sed -n '/Argument Types/,/^$/p'
echo "-- misused"
"$DTRACE" -n 'typedprov$target:::start { trace(args[0] * 2); }' -c ./usdt_typed
"$DTRACE" -n 'typedprov$target:::small { trace(strlen(args[1])); }' -c ./usdt_typed
"$DTRACE" -n 'typedprov$target:::small { trace(args[2]->x); }' -c ./usdt_typed
exit 0
