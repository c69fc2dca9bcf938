# Backquoted kernel variables need a type (BTF describes only per-CPU
# variables, so an extern declaration gives one) and an address (this
# kernel's kallsyms lists no data symbols). Each missing piece is named.
# Where kallsyms has them (Debian's 6.1 kernel), tests/qemu/smoke.sh reads
# `max_pid through an extern declaration.
"$DTRACE" -xerrtags -n 'BEGIN { trace(`max_pid); exit(0); }'
"$DTRACE" -n 'extern int max_pid; BEGIN { trace(`max_pid); exit(0); }'
