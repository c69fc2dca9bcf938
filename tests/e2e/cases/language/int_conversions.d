/* ARGS: -q -s @SCRIPT@ */
BEGIN
{
	c = (char)300;
	uc = (unsigned char)-1;
	s = (short)70000;
	us = (unsigned short)-1;
	i = (int)0x100000001;
	u = (unsigned int)-1;
	printf("%d %d %d %d %d %u\n", c, uc, s, us, i, u);
	printf("%d %d\n", (unsigned char)(uc + 1), (char)200);
	x = 2147483647;
	x = x + 1;
	printf("%d\n", x);
	printf("%d %d %d\n", sizeof (char), sizeof (short), sizeof (long long));
	exit(0);
}
