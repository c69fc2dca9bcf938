# A D error in an included file names the file and its own line, as DTrace
# does for the files cpp includes.
mkdir inc
printf '#define OK 1\ninline int broken = ;\n' >inc/defs.h
printf '#include "inc/defs.h"\nBEGIN { exit(0); }\n' >prog.d
"$DTRACE" -C -s prog.d
