# An interpreter file: "#!dtrace -qs" runs the script, the arguments after the
# script name become $1, $2...
printf '#!%s -qs\nBEGIN\n{\n\tprintf("%%s %%d\\n", $$1, $2);\n\texit(0);\n}\n' "$DTRACE" >interp.d
chmod +x interp.d
./interp.d hello 42
