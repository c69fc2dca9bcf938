/* ARGS: -q -s @SCRIPT@ */
/*
 * Assigning 0 to a dynamic variable frees it whatever its type: a string
 * thread-local or associative array element reads "" afterwards.
 */
BEGIN
{
	self->name = execname;
	names[1] = "one";
	names[2] = "two";
	printf("before: \"%s\" \"%s\" \"%s\"\n", self->name, names[1], names[2]);
	self->name = 0;
	names[1] = 0;
	printf("after: \"%s\" \"%s\" \"%s\"\n", self->name, names[1], names[2]);
}

BEGIN
/self->name == ""/
{
	self->name = "again";
	printf("reassigned: %s\n", self->name);
	exit(0);
}
