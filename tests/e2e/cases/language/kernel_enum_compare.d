/* ARGS: -q -s @SCRIPT@ */
/*
 * A kernel enum's enumerators are not global names in D, but on the right
 * of a comparison with a value of that enum type they are read as its
 * enumerators: the kernel's enum pid_type has PIDTYPE_PID 0, PIDTYPE_TGID
 * 1, PIDTYPE_PGID 2, PIDTYPE_SID 3. A D enum compares the same way, through
 * a typedef too.
 */
typedef enum shade { LIGHT, DARK } shade_t;
shade_t s;

BEGIN
{
	this->type = (enum pid_type)2;
	printf("== PIDTYPE_PGID %d\n", this->type == PIDTYPE_PGID);
	printf("!= PIDTYPE_PGID %d\n", this->type != PIDTYPE_PGID);
	printf("< PIDTYPE_SID %d\n", this->type < PIDTYPE_SID);
	printf(">= PIDTYPE_SID %d\n", this->type >= PIDTYPE_SID);
	printf("<= PIDTYPE_TGID %d\n", this->type <= PIDTYPE_TGID);
	printf("> PIDTYPE_PID %d\n", this->type > PIDTYPE_PID);
	s = DARK;
	printf("D enum %d %d\n", s == DARK, s != LIGHT);
	exit(0);
}
