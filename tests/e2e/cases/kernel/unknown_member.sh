# A member the kernel's struct does not have: DTrace's message and tag.
"$DTRACE" -xerrtags -n 'BEGIN { trace(curthread->no_such_member); }'
