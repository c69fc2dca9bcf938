# dtrace -l lists the probes that exist when it looks: a -c process has run
# to its entry point, so its executable's usdtdl probes are listed, and
# those of libusdtdl.so, which it loads later with dlopen(3), are not; a
# description that names only those matches nothing, -Z or not (as with
# pid probes). The ID column and the pid in the provider name vary: both
# are left out.
"$DTRACE" -l -n 'usdtdl$target:::' -c "$PROGS/usdt_dlopen_target 1" |
  awk '{ sub(/^usdtdl[0-9]+$/, "usdtdl<target>", $2); print $2, $3, $4, $5 }' |
  { read -r header; echo "$header"; sort; }  # in address order, which is the compiler's
echo "status ${PIPESTATUS[0]}"
for z in "" -Z; do
  "$DTRACE" -l $z -n 'usdtdl$target:libusdtdl.so::' -c "$PROGS/usdt_dlopen_target 1" 2>&1 |
    sed -E 's/usdtdl[0-9]+/usdtdl<target>/'
  echo "status ${PIPESTATUS[0]}"
done
