/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/ustack_target_fp 1" */
/* The same program built with frame pointers gives the same stack. */
pid$target:a.out:level_c:entry
{
	printf("%s:%s", probefunc, probename);
	ustack(4);
	printf("\n");
}
