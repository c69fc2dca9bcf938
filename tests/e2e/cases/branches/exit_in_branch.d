/* ARGS: -q -s @SCRIPT@ */
/* The "ran" bytes start at zero in every record: a tick that takes the
   exit() branch does not print, and the ticks before it do not exit. */
int n;

tick-10ms
{
	n++;
	if (n < 3) {
		printf("tick %d\n", n);
	} else {
		exit(n);
	}
}
