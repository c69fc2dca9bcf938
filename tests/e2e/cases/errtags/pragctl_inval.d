/* ARGS: -xerrtags -s @SCRIPT@ */
#frobnicate
BEGIN
{
}
