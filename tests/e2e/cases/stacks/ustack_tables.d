/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/ustack_target_nofp 1" */
/* A program built without frame pointers (-fomit-frame-pointer -O2, as
   distributions build): only its unwind tables lead from level_c back
   through level_b and level_a to main. At a function's entry its frame is
   the caller's return address alone, which a frame-pointer walk misses. */
pid$target:a.out:level_c:entry
{
	printf("%s:%s", probefunc, probename);
	ustack(4);
	printf("\n");
}
