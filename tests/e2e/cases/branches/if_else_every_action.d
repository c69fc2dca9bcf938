/* ARGS: -q -w -s @SCRIPT@ */
/* Every kind of action in taken and untaken if/else branches, nested: only
   the actions that ran print or act. The record holds every action's
   fields; an untaken one's are stale bytes the consumer must not use. */
int yes, no;

BEGIN
{
	yes = 1;
	@kept = sum(1);
	@cleared = sum(2);
	@notcleared = sum(3);
	@truncated = sum(4);
	@nottruncated = sum(5);
	@order["a"] = sum(1);
	@order["b"] = sum(2);
	big = 100000000;
}

BEGIN
{
	if (no) { printf("printf untaken\n"); } else { printf("printf taken\n"); }
	if (yes) { trace("trace taken"); } else { trace("trace untaken"); }
	printf("\n");
	if (no) { printf("%*d\n", big, 1); }
	if (no) { printa("printa untaken %@d\n", @kept); } else { printa("printa taken %@d\n", @kept); }
	if (no) { print(1); } else { print(2); }
	if (no) { clear(@notcleared); } else { clear(@cleared); }
	if (no) { trunc(@nottruncated); } else { trunc(@truncated); }
	if (no) { setopt("aggsortrev"); }
	if (no) { system("echo system untaken"); } else { system("echo system taken"); }
	if (no) { stack(); trace(func(0)); trace(sym(0)); trace(mod(0)); }
	if (no) { raise(SIGKILL); }
	if (no) { @untaken = count(); } else { @taken = count(); }
	if (no) { a = 1; } else { b = 2; }
	printf("a=%d b=%d\n", a, b);
	if (yes) {
		if (no) {
			printf("nested untaken\n");
		} else {
			printf("nested taken\n");
			if (yes) printf("deeper taken\n"); else printf("deeper untaken\n");
		}
	} else {
		if (yes) printf("inner taken, outer untaken\n"); else printf("both untaken\n");
	}
	if (no) { exit(3); }
}

BEGIN
{
	if (no) { exit(4); } else { exit(5); }
}
