/*
 * Assigning 0 to a dynamic variable frees it whatever its type: a
 * thread-local struct and an associative array's struct value read as
 * zeros again afterwards, and the other element is untouched. A global
 * struct is not dynamic: 0 is not a struct there (D_OP_INCOMPAT, in
 * sema/analyzer_aggregate_vars_test.cc).
 */
#pragma D option quiet

struct pt {
	int x;
	int y;
};
self struct pt q;
struct pt pts[int];

BEGIN
{
	self->q.x = 5;
	pts[1].y = 7;
	pts[2].y = 8;
	printf("before: %d %d %d\n", self->q.x, pts[1].y, pts[2].y);
	self->q = 0;
	pts[1] = 0;
	printf("after: %d %d %d\n", self->q.x, pts[1].y, pts[2].y);
	exit(0);
}
