/* ARGS: -xerrtags -s @SCRIPT@ */
#pragma D nosuchpragma
BEGIN
{
}
