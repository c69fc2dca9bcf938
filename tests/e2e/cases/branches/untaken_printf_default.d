/* NORMALIZE: cpu-id */
/* The reproducers of issue 7: with the default output, a clause whose if
   branch is not taken prints only what its else branch did, and an untaken
   printf prints nothing (it used to print with zeros for its arguments). */
BEGIN
{
	if (0) {
		printf("taken-if\n");
	} else {
		printf("else\n");
	}
}

BEGIN
{
	x = 1;
	if (x > 5)
		printf("big %d\n", x);
	exit(0);
}
