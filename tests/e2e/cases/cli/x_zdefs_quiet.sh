# -x zdefs is -Z: a description matching no probe is allowed; -x quiet is
# -q (no header, no CPU/ID columns). zdefs=no leaves such a description an
# error.
"$DTRACE" -x zdefs -x quiet -n 'nosuchprovider:::x { trace(1); }' \
  -n 'BEGIN { trace("quiet"); printf("\n"); exit(0); }'
echo "status $?"
"$DTRACE" -x zdefs=no -n 'nosuchprovider:::x { trace(1); }' -n 'BEGIN { exit(0); }'
echo "status $?"
