# amin takes up to three '/'-separated words (stabilities, then a class),
# as DTrace reads them; anything else is a bad option value.
for value in Stable/Common Stable//Common Stable/Stable/Common/Common Stabl ''; do
  "$DTRACE" -x "amin=$value" -n 'BEGIN { exit(0); }'
  echo "-x amin=$value: $?"
done
printf '#pragma D option amin=Private/Wobbly\nBEGIN { exit(0); }\n' >bad.d
"$DTRACE" -xerrtags -s bad.d
echo "pragma: $?"
