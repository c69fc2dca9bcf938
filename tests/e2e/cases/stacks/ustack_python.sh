# TIMEOUT: 60
# Debian's python3.11 is built without frame pointers and stripped (only
# .dynsym): its stacks are deep only through its unwind tables. A recursive
# Python function spinning for 0.4 s: the busiest stack has more than 5
# frames and passes through the interpreter's _PyEval_EvalFrameDefault.
cat >spin.py <<'PY'
import time
def f(n):
    if n == 0:
        end = time.process_time() + 0.4
        while time.process_time() < end:
            pass
        return 0
    return f(n - 1) + 1
f(20)
PY
"$DTRACE" -q -c "/usr/bin/python3.11 spin.py" -n '
    profile-997hz /pid == $target/ { @[ustack()] = count(); }
    END { printa("%k@@%@d\n", @); }' >out
status=$?
awk 'BEGIN { RS = "@@"; best = -1 }
     NR > 1 { split($0, parts, "\n"); n = parts[1] + 0
              if (n > best) { best = n; stack = prev } }
     { prev = $0 }
     END { frames = gsub(/`/, "`", stack)
           print (frames > 5 ? "more than 5 frames" : "only " frames " frames")
           print (stack ~ /python3\.11`_PyEval_EvalFrameDefault\+/ ? "through _PyEval_EvalFrameDefault" : "not through the interpreter")
           print (stack ~ /python3\.11`_start\+/ ? "down to _start" : "not down to _start") }' out
exit "$status"
