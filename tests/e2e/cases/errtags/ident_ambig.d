/* ARGS: -xerrtags -s @SCRIPT@ */
/*
 * A bare name on the right of a comparison whose left operand is of an enum
 * type is read as an enumerator of that enum. PIDTYPE_TGID is one of the
 * kernel's enum pid_type, and a global variable here too: ambiguous.
 */
int PIDTYPE_TGID;

BEGIN
{
	trace((enum pid_type)1 == PIDTYPE_TGID);
	exit(0);
}
