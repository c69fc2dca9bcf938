# Builds ./usdt_typed in the current directory as a project using DTrace's
# USDT flow would: dtrace -h for typedprov.h, the compiler, dtrace -G for
# typedprov.o, the link. Sourced by the usdt cases that trace it ($DTRACE
# and $CASE_DIR set by the e2e runner; $CC if the build uses another
# compiler). Returns non-zero at the first step that fails.
build_typed() {
  local src="$CASE_DIR/../../progs/usdt" cc=${CC:-cc}
  cp "$src/usdt_typed.c" "$src/typedprov.d" . &&
    "$DTRACE" -h -s typedprov.d &&
    $cc -O2 -c usdt_typed.c -o usdt_typed.o &&
    "$DTRACE" -G -s typedprov.d usdt_typed.o &&
    $cc -o usdt_typed usdt_typed.o typedprov.o
}
