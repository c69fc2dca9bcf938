# The offsets inside our test program's functions depend on the compiler
# (gcc for the release build, clang for the sanitized one): printed as OFF.
cat > ustack_frame_pointers.d <<'D'
/* The same program built with frame pointers gives the same stack. */
pid$target:a.out:level_c:entry
{
	printf("%s:%s", probefunc, probename);
	ustack(4);
	printf("\n");
}
D
"$DTRACE" -q -s ustack_frame_pointers.d -c "$PROGS/ustack_target_fp 1" |
  sed -E 's/(ustack_target_(no)?fp`[a-z_]+)\+0x[0-9a-f]+/\1+OFF/g'
exit "${PIPESTATUS[0]}"
