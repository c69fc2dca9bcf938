# maxframes takes a positive count, scratchsize a size: bad values are
# DTrace's "Invalid value for specified option", exit 1, nothing run;
# good ones are accepted.
for setting in maxframes=0 maxframes=x scratchsize=0 scratchsize=12parsecs cpu=x \
    aggpercpu=maybe aggrate=0 statusrate=fast defaultargs=2x zdefs=perhaps destructive=sure; do
  "$DTRACE" -x "$setting" -n 'BEGIN { printf("ran\n"); exit(0); }'
  echo "$setting: status $?"
done
"$DTRACE" -q -x maxframes=50 -x scratchsize=64k -x aggpercpu -x aggrate=1hz -x statusrate=10ms \
  -x switchrate=100hz -x defaultargs=yes -x zdefs=on -n 'BEGIN { printf("ran\n"); exit(0); }'
echo "good values: status $?"
