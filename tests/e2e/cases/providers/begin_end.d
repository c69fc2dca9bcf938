/* NORMALIZE: cpu-id */
BEGIN
{
	trace("begin");
}

BEGIN
{
	exit(0);
}

END
{
	trace("end");
}
