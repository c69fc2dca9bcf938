# Found by fuzzing the compiler (issue 7): The fuzzer input behind the signed-overflow finding: an array size of
# -9223372036854775808 (and a 100 KB string later on, never echoed).
# It must end in a compile error, exit status 1.
cp "$CASE_DIR/inputs/ubsan-fuzzer-original.d" .
"$DTRACE" -e -s ubsan-fuzzer-original.d
