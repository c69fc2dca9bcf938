# A translator that does not exist, and a member the translated type lacks.
"$DTRACE" -xerrtags -n 'BEGIN { trace(xlate <psinfo_t *> (pid)->pr_pid); }'
"$DTRACE" -xerrtags -n 'BEGIN { trace(curpsinfo->pr_nosuch); }'
"$DTRACE" -xerrtags -n 'BEGIN { trace(xlate <psinfo_t *> (curthread)); }'
