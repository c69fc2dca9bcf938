/* ARGS: -xerrtags -s @SCRIPT@ */
pid999999999:::entry
{
}
