/* ARGS: -q -Z -s @SCRIPT@ -c "@PROGS@/usdt_dlopen_target 3" */
/* libusdtdl.so is not mapped when tracing starts: usdt_dlopen_target loads
   it with dlopen(3) later. With -Z the descriptions that match nothing yet
   are kept, and matched again when the dynamic linker reports the new
   object, before dlopen returns; argN are fetched as each site's notes say
   (usdt_dl_lib.c: registers, a constant, memory at a register plus
   displacement, at base + index * scale and at a symbol, by size and sign;
   gcc and clang pick different operands for the same values), at each of
   twice's two sites, and the semaphore of the guarded probe is counted up
   (its second argument). */
usdtdl$target:::fire
{
	@fire[arg0, arg1, arg2, arg3, arg4, arg5] = count();
}

usdtdl$target:::twice
{
	@twice[probemod, probefunc, probename, arg0] = count();
}

usdtdl$target:libusdtdl.so::guarded
{
	@guarded[probefunc, arg0, arg1] = count();
}

END
{
	printa("fire %d %d %d %d %d %d: %@d\n", @fire);
	printa("%s`%s:%s %d: %@d\n", @twice);
	printa("%s guarded %d %d: %@d\n", @guarded);
}
