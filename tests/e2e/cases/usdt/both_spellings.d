/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/usdt_target" */
/* The note's name (string__arg) and DTrace's (string-arg) name one probe,
   which fires once per firing however many descriptions name it; its
   probename is DTrace's spelling. Globs work on either. */
usdt_test$target:::string__arg,
usdt_test$target:::string-arg
{
	printf("1 %s\n", probename);
}

usdt_test$target:::string__*
{
	printf("2 %s\n", probename);
}
