/* ARGS: -q -Z -s @SCRIPT@ -c "@PROGS@/usdt_dlopen_target 0" */
/* With -Z, a description of probes in a library the process never loads
   (usdt_dlopen_target 0 does not load libusdtdl.so) is kept and never
   fires; the run ends with the process as usual. */
usdtdl$target:libusdtdl.so:usdtdl_fire:fire
{
	fired++;
}

usdtdl$target:::end
{
	printf("%s %d\n", probename, arg0);
}

END
{
	printf("fire fired %d times\n", fired);
}
