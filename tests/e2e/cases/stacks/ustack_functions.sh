# The offsets inside our test program's functions depend on the compiler
# (gcc for the release build, clang for the sanitized one): printed as OFF.
cat > ustack_functions.d <<'D'
/* The user-stack built-ins and subroutines at level_c's entry: the caller
   is level_b, the PC is level_c itself, the stack pointer is 8 past 16-byte alignment (the return address just pushed) and rdi holds arg0; usym() and ufunc() name the
   function, umod() the module, uaddr() and %A the address with its
   offset; ustack() and usym() keys aggregate. */
pid$target:a.out:level_c:entry
{
	printf("depth>=4 %d\n", ustackdepth >= 4);
	printf("caller %A\n", ucaller);
	printf("pc %A, rsp %% 16 = %d, rdi %d\n", uregs[R_PC], uregs[R_SP] % 16, uregs[R_RDI]);
	printf("[%-40A]\n", ucaller);
	usym(ucaller);
	printf("\n");
	ufunc(ucaller);
	printf("\n");
	umod(ucaller);
	printf("\n");
	uaddr(ucaller);
	printf("\n");
	jstack(2, 500);
	printf("\n");
	@stacks[ustack(3)] = count();
	@funcs[ufunc(ucaller)] = count();
	@mods[umod(uregs[R_PC])] = sum(10);
}

END
{
	printa(@stacks);
	printa("%-30A %@d\n", @funcs);
	printa(@mods);
}
D
"$DTRACE" -q -s ustack_functions.d -c "$PROGS/ustack_target_nofp 1" |
  sed -E 's/(ustack_target_(no)?fp`[a-z_]+)\+0x[0-9a-f]+/\1+OFF/g'
exit "${PIPESTATUS[0]}"
