# NORMALIZE: cpu-id
# Backquoted kernel variables need a type (BTF describes only per-CPU
# variables, so an extern declaration gives one) and an address (this
# kernel's kallsyms lists no data symbols). Each missing piece is named.
# Where kallsyms has them (Debian's 6.1 kernel: see kernel-6.1.txt), the
# extern declaration is enough and `pid_max is read.
"$DTRACE" -xerrtags -n 'BEGIN { trace(`pid_max); exit(0); }'
"$DTRACE" -n 'extern int pid_max; BEGIN { trace(`pid_max); exit(0); }'
