# -x maxframes caps every stack: ustack() (default depth 100), ustack(5)
# and a ustack() key all record 2 frames. The offsets inside our test
# program depend on the compiler: printed as OFF.
cat > maxframes.d <<'D'
pid$target:a.out:level_c:entry
{
	ustack();
	ustack(5);
	@[ustack()] = count();
}
D
"$DTRACE" -q -x maxframes=2 -s maxframes.d -c "$PROGS/ustack_target_nofp 1" |
  sed -E 's/(ustack_target_(no)?fp`[a-z_]+)\+0x[0-9a-f]+/\1+OFF/g'
exit "${PIPESTATUS[0]}"
