/* NORMALIZE: cpu-id */
/*
 * The Guide's use of alloca(): scratch memory cast to a struct pointer and
 * filled member by member. The kernel's BTF has no struct timespec (Linux
 * calls it timespec64), so the script declares one.
 */
struct timespec {
	int64_t tv_sec;
	int64_t tv_nsec;
};

BEGIN
{
	this->p = (struct timespec *)alloca(sizeof (struct timespec));
	this->p->tv_sec = 1;
	this->p->tv_nsec = 500;
	this->p->tv_nsec++;
	this->p->tv_sec += 10;
	trace(this->p->tv_sec);
	trace(this->p->tv_nsec);
	printf("\naligned %d\n", (uintptr_t)this->p % 8 == 0);
	exit(0);
}
