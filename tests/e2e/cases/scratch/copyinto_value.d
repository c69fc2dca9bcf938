/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	x = copyinto(0, 8, alloca(8));
}
