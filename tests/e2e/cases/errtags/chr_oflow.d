/* ARGS: -xerrtags -s @SCRIPT@ */
BEGIN
{
	x = 'abcdefghi';
}
