# -x cpu=N traces only what fires on CPU N. getppid_loop pins its 100 raw
# getppid calls to the CPU it is given; its own output (ns per call) is
# dropped. Traced on CPU 0 they all count; traced on another CPU none do
# (a one-CPU test bed has no other CPU to ask for, and says so the same
# way). A CPU the machine cannot have is an invalid value.
d='syscall::getppid:entry /pid == $target/ { @[cpu] = count(); }
   END { printa("cpu %d: %@d calls\n", @); printf("end\n"); }'
"$DTRACE" -q -x cpu=0 -n "$d" -c "$PROGS/getppid_loop 100 0" | grep -E '^(cpu|end)'
echo "status ${PIPESTATUS[0]}"
last=$(($(nproc --all) - 1))
if [ "$last" -gt 0 ]; then
  "$DTRACE" -q -x cpu=$last -n "$d" -c "$PROGS/getppid_loop 100 0" | grep -E '^(cpu|end)'
  echo "status ${PIPESTATUS[0]}"
else
  echo end
  echo "status 0"
fi
"$DTRACE" -q -x cpu=100000 -n 'BEGIN { exit(0); }'
echo "status $?"
