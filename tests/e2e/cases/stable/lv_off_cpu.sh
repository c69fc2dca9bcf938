# -lv shows a stable provider's translated argument types. The probe ID
# depends on how many tracepoints the kernel has and becomes N.
"$DTRACE" -lvn 'sched:::off-cpu' | sed -E 's/^ *[0-9]+ /    N /'
