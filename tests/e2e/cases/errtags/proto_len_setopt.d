/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	setopt();
}
