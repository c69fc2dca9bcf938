/*
 * The provider of usdt_typed.c (tests/e2e/cases/usdt/typed_args.sh builds
 * it with dtrace -h and -G): its probes' argument types, which -G records
 * in the object for args[]. The struct is declared here for dtrace -s
 * (beside the tracing script) and in usdt_typed.c for the compiler.
 */
struct request {
	int id;
	long bytes;
	char name[16];
};

provider typedprov {
	probe start(struct request *, int, unsigned int);
	probe small(signed char, unsigned short, string);
};
