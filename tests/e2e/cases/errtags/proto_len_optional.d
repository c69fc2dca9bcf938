/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	setopt("quiet", "yes", "no");
}
