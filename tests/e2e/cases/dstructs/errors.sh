# What D refuses about structs, unions and arrays held in variables, with
# DTrace's tags: a constant index outside the array (D_ARR_BOUNDS),
# comparing structs (D_OP_INCOMPAT: == needs scalars or strings), a whole
# struct used as a value (D_TYPE_ERR), assigning something other than a
# struct of the same type (D_OP_INCOMPAT), a member the struct lacks
# (D_TYPE_MEMBER), a non-integer index (D_IDX_TYPE), a string stored to a
# char array member (D_OP_LVAL: only its characters are stored to), a clause-local struct
# used before it is declared (D_IDENT_UNDEF).
for program in \
	'int a[5]; BEGIN { a[5] = 1; }' \
	'int a[5]; BEGIN { trace(a[-1]); }' \
	'struct pt { int x; int y; }; struct pt p, q; BEGIN { trace(p == q); }' \
	'struct pt { int x; int y; }; struct pt p; BEGIN { trace(p); }' \
	'struct pt { int x; int y; }; struct pt p; BEGIN { p = 1; }' \
	'struct pt { int x; }; struct qt { int x; }; struct pt p; struct qt q; BEGIN { p = q; }' \
	'struct pt { int x; }; struct pt p; BEGIN { p.x = "one"; }' \
	'struct pt { int x; }; struct pt p; BEGIN { p.z = 1; }' \
	'int a[5]; BEGIN { a["x"] = 1; }' \
	'int a[5]; BEGIN { a = 1; }' \
	'struct nm { char s[8]; }; struct nm n; BEGIN { n.s = "abc"; }' \
	'BEGIN { this->t.x = 1; }'
do
	"$DTRACE" -xerrtags -n "$program" 2>&1
	echo "status $?"
done
