# A user stack through a library loaded by dlopen(3) after tracing started
# names its functions: the run reads the process again when the dynamic
# linker reports the library, before its code runs. The offsets inside our
# programs depend on the compiler: printed as OFF.
"$DTRACE" -q -Z -c "$PROGS/dlopen_target 1" \
  -n 'pid$target:libdltest.so:dl_inner:entry { printf("%s", probefunc); ustack(3); }' |
  sed -E 's/((libdltest\.so|dlopen_target)`[a-z_]+)\+0x[0-9a-f]+/\1+OFF/g'
exit "${PIPESTATUS[0]}"
