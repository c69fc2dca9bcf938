/* ARGS: -xerrtags -s @SCRIPT@ */
a:b:c:d:e
{
}
