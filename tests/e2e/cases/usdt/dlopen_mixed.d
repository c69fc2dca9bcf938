/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/usdt_dlopen_target 2" */
/* One description, matched when tracing starts by the probes of the
   executable (usdtdl:::start and end, whose operands are compiled into the
   program), and again when the process loads libusdtdl.so with dlopen(3):
   its probes join the same program without -Z, with their own provider,
   module, function and name. */
usdtdl$target:::
{
	printf("%s %s:%s:%s %d\n",
	    probeprov == strjoin("usdtdl", lltostr($target)) ? "usdtdl<target>" : probeprov,
	    probemod, probefunc, probename, arg0);
}
