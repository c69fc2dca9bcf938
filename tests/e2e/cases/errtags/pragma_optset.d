/* ARGS: -xerrtags -s @SCRIPT@ */
#pragma D option nosuchoption
BEGIN
{
}
