/* NORMALIZE: cpu-id */
BEGIN
{
	trace("start");
}

BEGIN
{
	exit(0);
}
