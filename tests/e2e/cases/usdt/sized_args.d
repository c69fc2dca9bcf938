/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/usdt_target" */
/* args[] of stapsdt probes that no provider definition types (usdt_target.c,
   built with <sys/sdt.h>): each is the integer type of its operand's size
   and sign in the note (-1@ int8_t, 2@ uint16_t, -4@ int32_t, 4@ uint32_t,
   -8@ int64_t), so sizeof gives the size and arithmetic keeps the sign;
   twice's two sites pass an int and a long: int64_t. */
usdt_test$target:::ints
{
	printf("%s %d/%d %d/%d %d/%d %u/%d %d/%d; %d %d\n", probename,
	    args[0], sizeof (args[0]), args[1], sizeof (args[1]),
	    args[2], sizeof (args[2]), args[3], sizeof (args[3]),
	    args[4], sizeof (args[4]), args[0] < 0, args[1] + 1);
}

usdt_test$target:::string-arg
{
	printf("%s \"%s\" %d/%d\n", probename, copyinstr(args[0]), args[1], sizeof (args[0]));
}

usdt_test$target:usdt_target:twice:twice
{
	printf("%s %d/%d\n", probename, args[0], sizeof (args[0]));
}
