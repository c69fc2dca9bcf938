/* ARGS: -xerrtags -s @SCRIPT@ */
#error "stop here"
BEGIN
{
}
