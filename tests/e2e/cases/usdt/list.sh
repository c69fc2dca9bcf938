# dtrace -l lists the usdt probes of a -c process: its executable's and
# those of the shared library it links (mapped once the target has run to
# its entry point), each in the function holding its site. The ID column
# and the pid in the provider name vary: both are left out.
"$DTRACE" -l -n 'usdt_test$target:::' -c "$PROGS/usdt_target" |
  awk '{ sub(/^usdt_test[0-9]+$/, "usdt_test<target>", $2); print $2, $3, $4, $5 }' |
  { read -r header; echo "$header"; sort; }  # in address order, which is the compiler's
