# -s of something that is not a readable script of sane size is an error,
# exit 1, before anything runs: a directory (it used to run until killed),
# an endless device (it used to grow without bound), a missing file.
mkdir dir
"$DTRACE" -s dir
echo "status $?"
"$DTRACE" -s /dev/zero
echo "status $?"
"$DTRACE" -s missing.d
echo "status $?"
