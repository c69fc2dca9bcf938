# Every construct the compiler nests or chains, just under the nesting limit
# (512 levels; a few constructs cost two) and far past it. Under the limit a program compiles or fails
# for another reason; past it the error is D_NESTING. Nothing may crash:
# this also runs in the AddressSanitizer build, with its larger frames.
repeat() { local s=$1 n=$2 out=; for ((i = 0; i < n; i++)); do out+=$s; done; printf '%s' "$out"; }
construct() {  # name depth
  local n=$2
  case $1 in
    parentheses) echo "BEGIN { trace($(repeat '(' $n)1$(repeat ')' $n)); }" ;;
    unary-minus) echo "BEGIN { trace($(repeat '- ' $n)1); }" ;;
    logical-not) echo "BEGIN { trace($(repeat '!' $n)1); }" ;;
    casts) echo "BEGIN { trace($(repeat '(int)' $n)1); }" ;;
    blocks) echo "BEGIN { $(repeat '{' $n)$(repeat '}' $n) }" ;;
    else-if) echo "BEGIN { $(repeat 'if (1) {} else ' $n){} }" ;;
    or-chain) echo "BEGIN { x = 1; } BEGIN /$(repeat 'x == 1 || ' $n)0/ { exit(0); }" ;;
    index-chain) echo "BEGIN { trace(x$(repeat '[1]' $n)); }" ;;
    nested-keys) echo "BEGIN { x[1] = 1; trace($(repeat 'x[' $n)1$(repeat ']' $n)); }" ;;
    member-chain) echo "BEGIN { trace(curthread$(repeat '->real_parent' $n)->pid); }" ;;
    conditionals) echo "BEGIN { trace($(repeat '1 ? 1 : ' $n)1); }" ;;
    assignments) echo "BEGIN { $(repeat 'x = ' $n)1; }" ;;
    structs) echo "struct s { $(repeat 'struct { ' $n)int x; $(repeat '} m; ' $n)}; BEGIN { exit(0); }" ;;
    inline-chain)
      echo "inline int i0 = 1;"
      for ((k = 1; k < n; k++)); do echo "inline int i$k = i$((k - 1));"; done
      echo "BEGIN { trace(i$((n - 1))); }" ;;
  esac
}
for name in parentheses unary-minus logical-not casts blocks else-if or-chain index-chain \
            nested-keys member-chain conditionals assignments structs inline-chain; do
  under=500
  # Two levels each: a kernel struct member (the member, then its address),
  # and a subscript in a subscript (the subscript, then its key).
  [[ $name == member-chain || $name == nested-keys ]] && under=250
  for depth in $under 5000; do
    construct $name $depth > deep.d
    "$DTRACE" -e -x errtags -s deep.d 2>err
    status=$?
    tag=$(grep -o '\[D_[A-Z_]*\]' err || echo none)
    echo "$name $depth: status $status $tag"
  done
done
