# -x metrics and its pragma take ADDRESS:PORT; anything else is refused
# as DTrace refuses a bad option value.
for value in localhost 127.0.0.1:99999 host.example:80 ''; do
  "$DTRACE" -x "metrics=$value" -n 'BEGIN { exit(0); }'
  echo "-x metrics=$value: $?"
done
printf '#pragma D option metrics=:9102\nBEGIN { exit(0); }\n' >bad.d
"$DTRACE" -s bad.d
echo "pragma: $?"
