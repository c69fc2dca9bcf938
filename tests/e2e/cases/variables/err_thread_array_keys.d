/* ARGS: -xerrtags -s @SCRIPT@ */
/* The key signature comes from the first use, as for global arrays. */
BEGIN
{
	self->ts[pid, "a"] = timestamp;
	trace(self->ts[pid]);
}
