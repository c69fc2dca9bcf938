/* ARGS: -q -s @SCRIPT@ */
/*
 * Network order is big-endian and this host little-endian, so each
 * conversion swaps bytes; only the low 16/32 bits of a wider argument
 * take part, as with a uint16_t/uint32_t parameter.
 */
BEGIN
{
	printf("%x %x %x\n", htons(0x1234), htonl(0x12345678), htonll(0x0102030405060708));
	printf("%x %x %x\n", ntohs(0x1234), ntohl(0x12345678), ntohll(0x0102030405060708));
	printf("%x %x\n", htons(0xabcd1234), htonl(0x1122334455667788));
	x = 8080;
	printf("%d %d %d\n", ntohs(htons(x)), ntohl(htonl(x)), ntohll(htonll(x)));
	/* the results are unsigned: no sign extension of the top byte */
	printf("%d %d %d\n", htons(0xff), htonl(0xff), htonll(0xff) > 0);
	printf("%d %d %d\n", sizeof (htons(0)), sizeof (htonl(0)), sizeof (htonll(0)));
	exit(0);
}
