# A CPU chills at most 500 ms in each second (the Dynamic Tracing Guide's
# cap): a chill past it, alone or added to the ones before it in the
# second, spins not at all and is an illegal operation in its action.
# The DIF offset is the tool's own instruction offset: masked.
"$DTRACE" -q -w -n 'BEGIN { chill(500000001); }
    BEGIN { printf("first clause done\n"); }
    BEGIN { chill(250000000); chill(250000001); printf("not reached\n"); }
    BEGIN { exit(0); }' 2>err
echo "status $?"
sed -E 's/DIF offset [0-9]+/DIF offset O/' err
