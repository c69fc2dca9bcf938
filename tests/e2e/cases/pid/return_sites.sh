# A return probe fires at each way out of its function: arg0 is the offset
# of that instruction, as objdump disassembles the function, and arg1 is
# %rax there. gcc -O2 gives two_returns (pid_target.c) a ret on each
# branch: two_returns(1) leaves by one, two_returns(5) by the other.
# tail_call ends in a jmp to tail_target (a tail call): as in illumos, its
# return probe fires at the jmp, before tail_target runs, so arg1 is what
# %rax held then (500, two_returns(5)'s result); tail_target then returns
# 1014 at its own ret.
sites() {  # "ret 13" for each ret or jmp of function $1, offsets in hex
  local base="" line
  while IFS= read -r line; do
    if [[ $line =~ ^([0-9a-f]+)\ \<$1\>:$ ]]; then
      base=$((16#${BASH_REMATCH[1]}))
    elif [[ -n $base && $line =~ ^\ +([0-9a-f]+):[[:space:]]+(ret|jmp) ]]; then
      printf '%s %x\n' "${BASH_REMATCH[2]}" $((16#${BASH_REMATCH[1]} - base))
    fi
  done < <(objdump -d -w --no-show-raw-insn --disassemble="$1" "$PROGS/pid_target")
}
"$DTRACE" -q -n 'pid$target:a.out:two_returns:return, pid$target:a.out:tail_call:return,
    pid$target:a.out:tail_target:return { printf("%s %x %d\n", probefunc, arg0, arg1); }' \
  -c "$PROGS/pid_target" >out
status=$?
while read -r fn offset value; do
  [[ -z $fn ]] && continue
  mapfile -t list < <(sites "$fn")
  where="at +0x$offset, which objdump does not show as a ret or jmp of $fn"
  for i in "${!list[@]}"; do
    [[ ${list[i]#* } == "$offset" ]] && where="at one of its ${#list[@]} ${list[i]% *}s"
  done
  echo "$fn returned $value $where"
  [[ $fn == two_returns ]] && two_returns_left+=("$offset")
done <out
# Which ret comes first depends on the compiler (gcc, or clang for the
# sanitized build); that the two calls left by different ones does not.
echo "two_returns left by $(printf '%s\n' "${two_returns_left[@]}" | sort -u | wc -l) different rets"
exit $status
