/* ARGS: -xerrtags -s @SCRIPT@ */
/* A thread-local associative array is used only through its keys. */
BEGIN
{
	self->ts[1] = timestamp;
	trace(self->ts);
}
