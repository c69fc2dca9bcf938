/* ARGS: -x quiet -n "BEGIN { trace(5); exit(0); }" */
