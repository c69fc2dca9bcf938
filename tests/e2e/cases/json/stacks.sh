# Stacks and symbols in JSON: stack() as {"stack-frames": [...]}, ustack()
# as {"ustack-frames": [...]}, each frame {"symbol", "module", "name",
# "offset"}; sym()/usym()/ufunc() as {"sym"/"usym": text, "object", "name"};
# mod()/umod() as {"mod"/"umod": text}; uaddr() with its offset; stacks and
# symbols as aggregation keys are those same objects. Kernel frames depend on
# the kernel build: they are checked for their fields and counted, not
# compared; user-space offsets depend on the compiler and become OFF.
cat > s.d <<'D'
syscall::getppid:entry
/pid == $target && !done/
{
	done = 1;
	stack(3);
	func(caller);
	mod(caller);
}

pid$target:a.out:level_c:entry
{
	ustack(3);
	usym(ucaller);
	ufunc(ucaller);
	umod(ucaller);
	uaddr(ucaller);
	@u[ustack(2), ufunc(ucaller)] = count();
}
D
"$DTRACE" -q -x oformat=json -s s.d -c "$PROGS/ustack_target_nofp 1" >out
status=$?
python3 -m json.tool --json-lines <out >/dev/null || echo "json.tool refused the output"
python3 "$CASE_DIR/jsonl.py" <out | python3 -c '
import json, re, sys
for line in sys.stdin:
    doc = json.loads(line)
    for item in doc.get("output", []):
        frames = item.get("stack-frames")
        if frames is not None:
            ok = all(set(f) == {"symbol", "module", "name", "offset"} and
                     f["symbol"] == "%s`%s+%s" % (f["module"], f["name"], f["offset"])
                     for f in frames)
            item["stack-frames"] = "%d frames, all named: %s" % (len(frames), ok)
        for key in ("sym", "mod"):
            if key in item and item.get("object", item[key]).startswith("vmlinux"):
                item[key] = "vmlinux..." if key == "mod" else "vmlinux`..."
                item.pop("name", None)
    if "provider" in doc:
        doc["provider"] = re.sub(r"^pid[0-9]+$", "pidPID", doc["provider"])
    text = json.dumps(doc, separators=(",", ":"))
    text = re.sub(r"\+0x[0-9a-f]+\"", "+OFF\"", text)
    print(re.sub(r"\"offset\":\"0x[0-9a-f]+\"", "\"offset\":\"OFF\"", text))
'
exit "$status"
