# -D and -U apply in command-line order after the predefined macros (so -U
# removes one); -X sets __STDC__; -x cpp is -C. Without -C, -D changes
# nothing and the directives are errors.
cat > opts.d <<'D'
BEGIN
{
#ifdef __linux
	printf("__linux=%d ", __linux);
#else
	printf("__linux undefined ");
#endif
#ifdef __STDC__
	printf("__STDC__=%d ", __STDC__);
#else
	printf("__STDC__ undefined ");
#endif
	printf("%d %s %d\n", FLAG, NAME, SUM(2, 3));
	exit(0);
}
D
"$DTRACE" -q -C -D FLAG -D 'NAME="dtrace"' -D 'SUM(a,b)=((a)+(b))' -s opts.d
"$DTRACE" -q -C -U __linux -Xc -DFLAG=7 -DNAME=\"x\" '-DSUM(a,b)=0' -s opts.d
"$DTRACE" -q -x cpp -Xs -D FLAG=1 -U FLAG -D FLAG=2 -D NAME='"order"' -D 'SUM(a,b)=a' -s opts.d
"$DTRACE" -q -D FLAG=1 -s opts.d
echo "without -C: status $?"
