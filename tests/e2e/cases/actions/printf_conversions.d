/* ARGS: -q -s @SCRIPT@ */
BEGIN
{
	printf("[%d] [%i] [%u] [%x] [%X] [%o] [%c] [%s] [%%]\n", -42, 42, 42, 255, 255, 8, 65, "str");
	printf("[%5d] [%-5d] [%05d] [%+d] [% d] [%.3d] [%#o] [%#x] [%#X]\n", 42, 42, 42, 42, 42,
	    7, 8, 255, 255);
	printf("[%10s] [%-10s] [%.2s] [%*d] [%-*d] [%*s]\n", "abc", "abc", "abc", 6, 42, 6, 42, 4,
	    "x");
	printf("[%x] [%u] [%d] [%d]\n", (int)-1, (int)-1, (unsigned int)4294967295, -1LL);
	printf("[%ld] [%lld] [%lu] [%llx] [%hd] [%5.1s]\n", 1234567890123, -2LL, 7UL, 255ULL,
	    (short)-3, "xyz");
	printf("[%-+6d] [%+06d] [%#5x] [%-#8o] [%3c]\n", 5, -5, 10, 8, 'z');
	exit(0);
}
