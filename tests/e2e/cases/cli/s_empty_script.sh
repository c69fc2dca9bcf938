# A script with no clause enables nothing: DTrace's "no probes matched",
# exit 1 (it used to wait for Ctrl-C). /dev/null is such a script too.
: >empty.d
"$DTRACE" -s empty.d
echo "status $?"
"$DTRACE" -q -s /dev/null
echo "status $?"
