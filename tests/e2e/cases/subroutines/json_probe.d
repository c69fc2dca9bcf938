/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/syscalls getppid" */
/*
 * json() in a tracepoint's program: in a predicate, on a text built from
 * the probe's context (the process name as the key), and as an
 * aggregation key; two clauses share the program's one scan callback.
 */
syscall::getppid:entry
/pid == $target && json("{\"a\":[1,2]}", "a[1]") == "2"/
{
	this->j = strjoin(strjoin("{\"", execname), "\":{\"calls\":\"getppid\"}}");
	@[json(this->j, strjoin(execname, ".calls"))] = count();
}

syscall::getppid:entry
/pid == $target && json("[true]", "0") != NULL/
{
	@[json("{\"x\":[\"y\",\"z\"]}", "x[1]")] = count();
}

END
{
	printa("%s %@d\n", @);
}
