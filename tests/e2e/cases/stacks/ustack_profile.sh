# TIMEOUT: 60
# profile-997hz samples of a program without frame pointers, spinning in
# level_c: each sample's user stack, unwound in the probe by the program's
# tables, is an aggregation key. Samples taken while the process starts
# (in the dynamic linker) are left out; level_c's offset varies with the
# sample and is printed as OFF.
"$DTRACE" -q -c "$PROGS/ustack_target_nofp spin 400" -n '
    profile-997hz /pid == $target/ { @[ustack(4)] = count(); }
    END { printa("%k\n", @); }' >out
status=$?
sed 's/level_c+0x[0-9a-f]*/level_c+OFF/' out |
  awk 'BEGIN { RS = ""; ORS = "\n\n" } /level_c/ && !seen[$0]++' 
# Most samples are there.
awk 'BEGIN { RS = "" } /level_c/ { n++ } END { print (n > 0 ? "level_c sampled" : "no level_c") }' out
exit "$status"
