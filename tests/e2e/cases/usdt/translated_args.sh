# A provider definition with a translated prototype (`probe start(struct
# request *req, ...) : (requestinfo_t *req, unsigned int big)`), given to
# dtrace beside the tracing script, as DTrace's USDT providers ship their
# translators in a D file: args[N] is the translated argument (through the
# script's translator, which reads the program's memory with copyin), argN
# stays the native one. A translated argument named as a native one is that
# one (small's `(string w, int a)` reverses the order); a string from a
# pointer is its copyinstr(); an integer is converted. The program is
# usdt_typed built with -h/-G from the untranslated typedprov.d: the
# object's own native types are what the translation starts from. -lv shows
# the translated types; errors: an output argument with no input argument,
# and a translated type no translator gives.
. "$CASE_DIR/../../progs/usdt/build_typed.sh"
build_typed || exit
cat >xlprov.d <<'D'
struct request {
	int id;
	long bytes;
	char name[16];
};

typedef struct requestinfo {
	int ri_id;
	long ri_bytes;
	string ri_name;
} requestinfo_t;

translator requestinfo_t < struct request *R > {
	ri_id = *(int *)copyin((uintptr_t)&R->id, sizeof (int));
	ri_bytes = *(long *)copyin((uintptr_t)&R->bytes, sizeof (long));
	ri_name = copyinstr((uintptr_t)&R->name[0]);
};

provider typedprov {
	probe start(struct request *req, int neg, unsigned int big) :
	    (requestinfo_t *req, unsigned int big);
	probe small(signed char a, unsigned short b, string w) : (string w, int a);
};
D
cat >xl.d <<'D'
typedprov$target:::start
{
	printf("%s id %d bytes %d name %s; big %u; arg1 %d\n", probename, args[0]->ri_id,
	    args[0]->ri_bytes, args[0]->ri_name, args[1], (int)arg1);
}

typedprov$target:::small
{
	printf("%s %s %d; arg2 is a pointer: %d\n", probename, args[0], args[1], arg2 > 0xffff);
}
D
echo "-- traced"
"$DTRACE" -q -s xlprov.d -s xl.d -c ./usdt_typed
echo "-- listed"
"$DTRACE" -lv -s xlprov.d -n 'typedprov$target:::' -c ./usdt_typed |
  sed -n '/Argument Types/,/^$/p'
echo "-- errors"
cat >extra.d <<'D'
provider typedprov {
	probe start(struct request *req, int neg, unsigned int big) :
	    (int neg, int b, int c, int extra);
};
D
"$DTRACE" -s extra.d -n 'BEGIN { exit(0); }'
cat >nox.d <<'D'
typedef struct reqinfo { int ri_id; } reqinfo_t;
provider typedprov {
	probe start(struct request *req, int neg, unsigned int big) : (reqinfo_t *req);
};
D
"$DTRACE" -s nox.d -n 'typedprov$target:::start { trace(args[0]->ri_id); }' -c ./usdt_typed
exit 0
