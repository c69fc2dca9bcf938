/* ARGS: -xerrtags -s @SCRIPT@ */
/* A translated struct exists only member by member: print() cannot show it whole. */
BEGIN
{
	print(*curpsinfo);
}
