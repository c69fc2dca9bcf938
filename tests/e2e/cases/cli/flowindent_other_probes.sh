# NORMALIZE: pids
# -F with probes that are neither entry nor return: dtrace(1) prints
# "| func:name" at the CPU's current depth (one column left of where an
# arrow would start: the arrows carry a leading space, "|" does not) and
# leaves the depth alone. BEGIN has no function (":BEGIN"), nor has
# proc:::exit, which fires inside exit_group (that never returns). A
# printf's second line is not indented: the prefix starts the record only.
# Pinned to CPU 0 (the target inherits it): depth is per CPU.
cat > flow.d <<'D'
BEGIN
{
	printf("first\nsecond");
}

pid$target:a.out:main:entry,
pid$target:a.out:main:return
{
}

syscall::exit_group:entry,
proc:::exit
/pid == $target/
{
}
D
taskset -c 0 "$DTRACE" -F -s flow.d -c "$PROGS/pid_target"
