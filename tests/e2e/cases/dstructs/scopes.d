/* ARGS: -q -s @SCRIPT@ */
/* Structs as thread-local, clause-local and associative-array variables:
   members written in place, an element absent from the array reads as
   zeros, whole structs copied between scopes. A clause-local struct starts
   each firing zeroed. */
struct pt {
	int x;
	int y;
};

self struct pt q;
this struct pt t;
struct pt pts[int];

BEGIN
{
	self->q.x = 4;
	this->t.y = 5;
	pts[1].x = 2;
	pts[1].y += 3;
	printf("self %d %d, this %d %d\n", self->q.x, self->q.y, this->t.x, this->t.y);
	printf("pts[1] %d %d, pts[2] %d %d\n", pts[1].x, pts[1].y, pts[2].x, pts[2].y);
	pts[2] = self->q;
	self->q = pts[1];
	this->t = pts[2];
	printf("copies: %d %d %d %d %d %d\n", pts[2].x, pts[2].y, self->q.x, self->q.y,
	    this->t.x, this->t.y);
}

BEGIN
{
	printf("this in the next clause: %d %d\n", this->t.x, this->t.y);
	exit(0);
}
