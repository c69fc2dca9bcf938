/* ARGS: -n "BEGIN { trace(1); exit(0); }" */
/* NORMALIZE: cpu-id */
