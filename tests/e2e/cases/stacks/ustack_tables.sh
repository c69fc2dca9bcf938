# The offsets inside our test program's functions depend on the compiler
# (gcc for the release build, clang for the sanitized one): printed as OFF.
cat > ustack_tables.d <<'D'
/* A program built without frame pointers (-fomit-frame-pointer -O2, as
   distributions build): only its unwind tables lead from level_c back
   through level_b and level_a to main. At a function's entry its frame is
   the caller's return address alone, which a frame-pointer walk misses. */
pid$target:a.out:level_c:entry
{
	printf("%s:%s", probefunc, probename);
	ustack(4);
	printf("\n");
}
D
"$DTRACE" -q -s ustack_tables.d -c "$PROGS/ustack_target_nofp 1" |
  sed -E 's/(ustack_target_(no)?fp`[a-z_]+)\+0x[0-9a-f]+/\1+OFF/g'
exit "${PIPESTATUS[0]}"
