# A pointer cannot become a struct.
"$DTRACE" -xerrtags -n 'BEGIN { trace((struct task_struct)curthread); }'
