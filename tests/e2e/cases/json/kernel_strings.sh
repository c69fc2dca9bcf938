# Strings from the kernel are bytes, not always UTF-8: file names opened by
# the traced process, read with copyinstr(), here with quotes, a backslash,
# control characters (tab, newline, ESC) and bytes 0x80-0xff that are not
# UTF-8 (plus one that is: U+00E9). The output stays valid JSON: escapes for
# the quotes and controls, U+FFFD for each byte that is not UTF-8, the
# valid sequence kept. Printed both by trace() and in an aggregation key.
# (cat's own absolute paths, the loader's, are left out.)
mkdir d
names=('q"uote' 'back\slash' $'tab\there' $'new\nline' $'esc\e[1m' \
       $'hi\x80\x81\xfe\xff' $'caf\xc3\xa9' $'cut\xc3')
for n in "${names[@]}"; do : >"d/$n"; done
printf '%s\n' 'export LC_ALL=C' 'cd d' 'for f in *; do cat "$f"; done' >opener.sh
"$DTRACE" -q -x oformat=json -n '
syscall::openat:entry
/progenyof($target) && execname == "cat" && substr(copyinstr(arg1), 0, 1) != "/"/
{
	trace(copyinstr(arg1));
	@[copyinstr(arg1)] = count();
}' -c "/bin/bash opener.sh" >out
status=$?
python3 -m json.tool --json-lines <out >/dev/null || echo "json.tool refused the output"
python3 "$CASE_DIR/jsonl.py" <out
exit "$status"
