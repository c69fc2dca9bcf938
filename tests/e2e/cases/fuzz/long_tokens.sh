# A compile error quotes at most 64 bytes of a token: one fuzz input once
# printed a 954 KB error line. Long names, numbers and strings are cut.
long=$(head -c 1000000 /dev/zero | tr '\0' A)
printf 'BEGIN { trace(1 "%s"); }\n' "$long" > string.d
"$DTRACE" -e -s string.d
printf 'BEGIN { trace(%s); }\n' "$long" > ident.d
"$DTRACE" -e -s ident.d
printf 'BEGIN { trace(1%s); }\n' "$(head -c 5000 /dev/zero | tr '\0' 9)" > number.d
"$DTRACE" -e -s number.d
printf 'BEGIN { @%s = count(); @%s = sum(1); }\n' "$long" "$long" > agg.d
"$DTRACE" -e -s agg.d
exit 0
