# A file that includes itself ends at the include depth limit (200), with
# cpp's include chain and DTrace's message, not a crash or a hang.
printf '#include "loop.h"\n' >loop.h
printf '#include "loop.h"\nBEGIN { exit(0); }\n' >loop.d
"$DTRACE" -C -s loop.d 2>err.txt
status=$?
head -2 err.txt
echo "..."
tail -3 err.txt
echo "$(wc -l <err.txt) lines"
exit $status
