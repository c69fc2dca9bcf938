/* NORMALIZE: cpu-id */
/*
 * trace() of each integer width as illumos prints it: 1- and 2-byte values
 * in 3 and 5 columns, unsigned (so a signed char -1 shows 255 and a short
 * -2 shows 65534), 4-byte values in 8 columns signed, 8-byte values in 16
 * columns signed.
 */
BEGIN
{
	trace((char)-1);
	trace((short)-2);
	trace((int)-3);
	trace((long long)-4);
	trace((unsigned char)200);
	trace((unsigned short)60000);
	trace((unsigned int)4000000000);
	exit(0);
}
