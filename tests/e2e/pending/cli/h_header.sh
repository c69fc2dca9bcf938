# -h generates a C header from provider definitions: one macro per probe and
# an _ENABLED() test; the default output file is the script name with .h.
printf 'provider myprov {\n\tprobe my__probe(int, char *);\n};\n' >prov.d
"$DTRACE" -h -s prov.d
echo "status $?"
grep -o 'MYPROV_MY_PROBE_ENABLED()' prov.h | head -1
grep -o 'define MYPROV_MY_PROBE(arg0, arg1)' prov.h | head -1
