/* ARGS: -q -Z -s @SCRIPT@ -c "@PROGS@/dlopen_target 5" */
/* libdltest.so is not mapped when tracing starts: dlopen_target loads it
   with dlopen(3) later. With -Z the descriptions that match nothing yet
   are kept, and matched again when the dynamic linker reports the new
   object, before dlopen returns: every call is counted, entries and
   returns alike (dl_work(i) returns 2i + 1). */
pid$target:libdltest.so:dl_*:entry
{
	@calls[probemod, probefunc] = count();
}

pid$target:libdltest:dl_work:return
{
	@sum[probefunc, probename] = sum(arg1);
}

END
{
	printa("%s`%s %@d\n", @calls);
	printa("%s:%s %@d\n", @sum);
}
