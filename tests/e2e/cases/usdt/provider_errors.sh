# Bad provider files and bad -h/-G command lines: each refused with
# DTrace's message and exit status 1, and no output file left behind.
try() {
  "$DTRACE" "$@"
  echo "status $?"
}
printf 'provider myprov2 {\n\tprobe start();\n};\n' >digit.d
try -h -s digit.d
printf 'provider p {\n\tprobe query__start();\n\tprobe query__start(int);\n};\n' >dup.d
try -h -s dup.d
printf 'provider p {\n\tprobe start(int)\n};\n' >syntax.d
try -h -s syntax.d
printf 'provider p {\n\tprobe start(double);\n};\n' >float.d
try -G -s float.d
printf 'provider p { probe start(); };\nBEGIN { exit(0); }\n' >clause.d
try -h -s clause.d
printf 'provider p { probe start(); };\n' >p.txt
try -h -s p.txt
try -h -s missing.d
try -G -s p.txt -o p.o missing.o
echo 'not an object' >text.o
try -G -s p.txt -o p.o text.o
try -h -n 'p:::start'
ls *.h *.o 2>/dev/null | grep -v '^text.o$'
# A probe site whose probe the provider file does not declare (a typo in
# the program) fails the link step, as with DTrace.
cat >typo.d <<'D'
provider myprov { probe request__start(int, char *, long long, unsigned char); probe request__done(int, char *); };
D
"$DTRACE" -h -s typo.d -o myprov.h
# The header has no macro for the probe "tik": a site for it is written
# with the header's note helper directly.
cat >extra.c <<'C'
#include "myprov.h"
#define _DTU_SITE(p, n) __asm__ __volatile__(_DTRACE_USDT_NOTE(#p, #n, 0, "") ::)
void extra(void) { _DTU_SITE(myprov, tik); }
C
${CC:-cc} -c extra.c -o extra.o || exit
try -G -s typo.d -o typo.o extra.o
