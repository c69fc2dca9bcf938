#pragma D option quiet

BEGIN
{
	trace("no header");
	exit(0);
}
