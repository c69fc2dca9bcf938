# TIMEOUT: 60
# profile-997hz samples of a program without frame pointers, spinning in
# level_c: each sample's user stack, unwound in the probe by the program's
# tables, is an aggregation key. Samples taken while the process starts
# (in the dynamic linker) are left out. Offsets vary with the sample and
# the compiler (gcc, or clang for the sanitized build): printed as OFF.
"$DTRACE" -q -c "$PROGS/ustack_target_nofp spin 400" -n '
    profile-997hz /pid == $target/ { @[ustack(4)] = count(); }
    END { printa("%k\n", @); }' >out
status=$?
sed -E 's/(ustack_target_nofp`[a-z_]+)\+0x[0-9a-f]+/\1+OFF/g' out |
  awk 'BEGIN { RS = ""; ORS = "\n\n" } /level_c/ && !seen[$0]++' 
# Most samples are there.
awk 'BEGIN { RS = "" } /level_c/ { n++ } END { print (n > 0 ? "level_c sampled" : "no level_c") }' out
exit "$status"
