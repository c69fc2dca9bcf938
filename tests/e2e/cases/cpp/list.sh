# -l -s with -C lists the probes of the preprocessed script.
cat > probes.d <<'D'
#define START dtrace:::BEGIN
#define FINISH(p) dtrace:::p
START, FINISH(END) {}
D
"$DTRACE" -C -l -s probes.d
