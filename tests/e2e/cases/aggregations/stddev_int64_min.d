/* ARGS: -q -s @SCRIPT@ */
/* stddev() of INT64_MIN: the average's magnitude, 2^63, does not fit an
   int64, so it must not be negated as one (undefined behaviour, caught by
   UBSan). printa() with %@d and the exit-time output both compute it. */
BEGIN
{
	@once = stddev((long)0x8000000000000000);
	@twice = stddev((long)0x8000000000000000);
	@twice = stddev((long)0x8000000000000000);
	@avg = avg((long)0x8000000000000000);
	printa("printa %@d\n", @once);
	exit(0);
}
