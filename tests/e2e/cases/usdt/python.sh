# Debian's python3.11 and its stapsdt probes: function-entry's arguments
# are the file, the function and the line; its semaphore is counted up
# while traced (python tests it before firing). Debian's 3.11 fires
# function__entry reliably only while a profile function is set (bpftrace's
# usdt probe sees the same), so the script sets a C one that does nothing
# (slice takes any three arguments). The predicate keeps the interpreter's
# start-up out.
cat >script.py <<'PY'
import sys


def square(n):
    return n * n


def main():
    return [square(n) for n in range(3)]


sys.setprofile(slice)
main()
sys.setprofile(None)
PY
"$DTRACE" -q -n 'python$target:::function-entry /basename(copyinstr(arg0)) == "script.py"/ {
    printf("%s %s %s:%d\n", probename, copyinstr(arg1), basename(copyinstr(arg0)), arg2); }' \
  -c "/usr/bin/python3.11 script.py"
