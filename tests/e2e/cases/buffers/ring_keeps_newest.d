/* ARGS: -q -x bufpolicy=ring -x bufsize=240 -s @SCRIPT@ */
/*
 * bufpolicy=ring keeps only the newest bufsize bytes of records and prints
 * them when dtrace exits, END's after them. Each record here is 24 bytes
 * (a 16-byte header and one 8-byte argument), so 240 bytes keep the last
 * ten: ticks 93 to 100, exit()'s record and END's. BEGIN's and the first
 * 92 ticks' are gone.
 */
BEGIN
{
	printf("begin\n");
}

tick-1ms
{
	printf("%d\n", ++i);
}

tick-1ms
/i == 100/
{
	exit(0);
}

END
{
	printf("end %d\n", i);
}
