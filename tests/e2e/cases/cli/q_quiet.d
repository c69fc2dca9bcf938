/* ARGS: -q -n "BEGIN { trace(1); trace(\"a\"); printf(\"|\n\"); exit(0); }" */
