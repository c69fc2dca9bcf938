# this-> variables live for one probe firing, across all the clauses it
# runs. DTrace leaves them unfilled at the start of a firing; here they
# start at 0 and "", so a clause that reads them before the clause that
# assigns them (as each firing does below) never sees what the last firing
# left. BEGIN and END run on the CPU dtrace is pinned to, in the same
# scratch memory.
taskset -c 0 "$DTRACE" -q -n '
BEGIN, END
{
	printf("%s: before \"%s\" %d\n", probename, this->s, this->n);
}

BEGIN, END
{
	this->s = probename;
	this->n = 42;
}

BEGIN, END
{
	printf("%s: after \"%s\" %d\n", probename, this->s, this->n);
}

BEGIN
{
	exit(0);
}'
