/* ARGS: -xerrtags -s @SCRIPT@ */
/* Read but assigned nowhere in the program: DTrace cannot type it. */
BEGIN
/self->never/
{
	trace(1);
}
