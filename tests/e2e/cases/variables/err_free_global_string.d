/* ARGS: -xerrtags -s @SCRIPT@ */
/* Only dynamic variables are freed by 0: a global string is not one. */
BEGIN
{
	s = execname;
	s = 0;
}
