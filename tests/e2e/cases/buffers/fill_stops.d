/* ARGS: -q -x bufpolicy=fill -x bufsize=240 -s @SCRIPT@ */
/*
 * bufpolicy=fill stops tracing when the records taken add up to bufsize:
 * 240 bytes less the 24 set aside for END's record leave 216. BEGIN's
 * record takes 16 (a header alone) and each tick's 24, so eight ticks fit;
 * the ninth clause does not run at all (i stays 8), tracing stops, END runs
 * and dtrace exits with status 0, as after exit(0).
 */
BEGIN
{
	printf("begin\n");
}

tick-1ms
{
	printf("%d\n", ++i);
}

END
{
	printf("end %d\n", i);
}
