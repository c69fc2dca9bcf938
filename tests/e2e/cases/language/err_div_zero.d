/* A constant zero divisor is a compile-time error in DTrace (dt_node_op2). */
BEGIN
{
	x = 1;
	trace(x % (2 - 2));
}
