/* ARGS: -q -s @SCRIPT@ */
BEGIN
{
	trace(1);
	trace(-5);
	trace(123456789012);
	trace("hello");
	printf("|\n");
	exit(0);
}
