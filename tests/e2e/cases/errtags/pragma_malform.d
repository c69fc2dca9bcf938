/* ARGS: -xerrtags -s @SCRIPT@ */
#line abc
BEGIN
{
}
