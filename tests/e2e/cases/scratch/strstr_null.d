#pragma D option quiet

/*
 * strstr(s, t) != NULL is the idiom for "t is in s": the string a search
 * finds nothing in compares equal to NULL.
 */
BEGIN
{
	s = "hello world";
	printf("%d %d\n", strstr(s, "wor") != NULL, strstr(s, "xyz") != NULL);
	printf("%d %d\n", strstr(s, "xyz") == NULL, NULL == strstr(s, "lo"));
	printf("%d\n", strchr(s, 'w') != NULL);
	exit(0);
}
