/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	setopt(1);
}
