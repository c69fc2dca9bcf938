/* ARGS: -q -s @SCRIPT@ */
/*
 * Thread-local associative arrays: integer, string and several keys,
 * updates with no plain assignment, and 0 freeing an element of any type.
 */
BEGIN
{
	self->ts[1] = 10;
	self->ts[2] = 20;
	self->names[1, "a"] = "one-a";
	self->names[2, "a"] = "two-a";
	self->st[stackdepth] = timestamp;
	self->hits["k"]++;
	self->hits["k"] += 5;
	printf("%d %d %d\n", self->ts[1], self->ts[2], self->ts[3]);
	printf("[%s] [%s] [%s]\n", self->names[1, "a"], self->names[2, "a"], self->names[1, "b"]);
	printf("%d %d\n", self->hits["k"], self->hits["j"]);
	printf("stackdepth key %s\n", self->st[stackdepth] != 0 ? "set" : "unset");
}

BEGIN
{
	self->ts[1] = 0;
	self->names[1, "a"] = 0;
	printf("%d %d [%s] [%s]\n", self->ts[1], self->ts[2], self->names[1, "a"],
	    self->names[2, "a"]);
	exit(0);
}
