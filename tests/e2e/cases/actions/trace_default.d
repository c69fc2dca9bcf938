/* NORMALIZE: cpu-id */
/* trace() columns by size: 4-byte ints " %8d", 8-byte " %16lld", 2-byte
   " %5d", 1-byte " %3d", strings two spaces then %-33s. */
BEGIN
{
	trace(1);
	trace(-5);
	trace(123456789012);
	trace("hello");
	trace((char)65);
	trace((short)300);
	exit(0);
}
