# Both streams and the status are compared; DTRACE and PROGS are set, the
# working directory is a scratch directory and CASE_DIR holds the case.
echo "to stdout"
echo "to stderr" >&2
"$DTRACE" -V
echo written > relative-file && cat relative-file
[[ -f $CASE_DIR/streams.sh ]] && echo "case dir ok"
exit 3
