# The compile errors of tracemem(), printm() and trace() of an object, with
# DTrace's tags (-xerrtags) and messages: one line per program, each
# exiting 1 (printed after its message). A translated struct cannot be
# traced whole: it exists only member by member.
try() {
	"$DTRACE" -xerrtags -n "BEGIN { $1; exit(0); }" 2>&1 | sed 's/^dtrace: invalid probe specifier .*}: //'
	echo "status ${PIPESTATUS[0]}"
}
try 'tracemem(curthread)'
try 'tracemem(curthread, 16, 4, 5)'
try 'tracemem("abc", 16)'
try 'tracemem(curthread, 0)'
try 'tracemem(curthread, -1)'
try 'this->n = 4; tracemem(curthread, this->n)'
try 'tracemem(curthread, "x")'
try 'tracemem(curthread, 16, "x")'
try 'x = tracemem(curthread, 4)'
try 'tracemem(curthread, 40000)'
try 'printm(16)'
try 'printm(0, curthread)'
try 'printm(16, 12)'
try 'trace(*xlate<psinfo_t *>(curthread))'
