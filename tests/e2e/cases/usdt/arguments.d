/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/usdt_target" */
/* argN from the notes' operands (usdt_target.c): registers of every width,
   sign- and zero-extended by the note's size (-1@%al, 2@%cx, -4@%esi,
   4@%edi, -8@%rdx), a string's address, memory operands (-4@(%rsp),
   -8@(%rax,%rdx,8), -8@24(%rax)), and one probe at two sites whose
   arguments sit in different registers. Arguments past the note's are 0. */
usdt_test$target:::ints
{
	printf("%s:%s:%s %d %d %d %d %d %d\n", probemod, probefunc, probename,
	    arg0, arg1, arg2, arg3, arg4, arg5);
}

usdt_test$target:::string-arg
{
	printf("%s \"%s\" %d\n", probename, copyinstr(arg0), arg1);
}

usdt_test$target:::memory
{
	printf("%s %d %d %d\n", probename, arg0, arg1, arg2);
}

usdt_test$target:usdt_target:twice:twice
{
	printf("%s:%s %d %d\n", probefunc, probename, arg0, arg1);
}
