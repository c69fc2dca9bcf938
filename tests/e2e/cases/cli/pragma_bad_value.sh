# A bad #pragma D option is a compile error naming the option and the value
# (DTrace's D_PRAGMA_OPTSET wording); an unknown name likewise.
printf '#pragma D option strsize=abc\nBEGIN { exit(0); }\n' >value.d
"$DTRACE" -s value.d
echo "status $?"
printf '#pragma D option bufpolicy=bogus\nBEGIN { exit(0); }\n' >policy.d
"$DTRACE" -s policy.d
echo "status $?"
printf 'BEGIN { exit(0); }\n#pragma D option wombats=25\n' >name.d
"$DTRACE" -s name.d
echo "status $?"
printf '#pragma D option wombats\n' >bare.d
"$DTRACE" -s bare.d
echo "status $?"
