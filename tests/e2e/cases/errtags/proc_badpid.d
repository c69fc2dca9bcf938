/* ARGS: -xerrtags -s @SCRIPT@ */
pid0:::entry
{
}
