/* ARGS: -q -s @SCRIPT@ */
/*
 * json() on malformed or odd JSON, as illumos' one-pass reader sees it:
 * the scan stops at the first value the selector names, so an error after
 * it goes unseen, and one before it gives NULL (<NULL> here). The top
 * level must be an object or an array.
 */
#pragma D option strsize=128

BEGIN
{
	j = ""; s = "a"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "42"; s = "0"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "\"a\""; s = "a"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "  {\"a\":1}"; s = "a"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "{}"; s = "a"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "[]"; s = "0"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "[1"; s = "0"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "[1 "; s = "0"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "{\"a\":1, oops"; s = "a"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "{\"a\":1, oops"; s = "b"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "{\"a\" 1}"; s = "a"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "{a:1}"; s = "a"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "[0x10]"; s = "0"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "[1-2]"; s = "0"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "[1e-2, 3E+4]"; s = "1"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "[1.2.3]"; s = "0"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "[tru, 1]"; s = "1"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "[nullx]"; s = "0"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "[true ,false]"; s = "1"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "[\"ok\", \"\\u12G4\", 3]"; s = "0"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "[\"ok\", \"\\u12G4\", 3]"; s = "2"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "[{\"a\":]}, 3]"; s = "1"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "[[{]}], 3]"; s = "1"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "[\"]\", 3]"; s = "1"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "[1,,2]"; s = "2"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "{\"a\":{\"b\":1}}"; s = "a]b"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "{\"ab\":5}"; s = "a]b"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "{\"a\\\"b\":5}"; s = "a\\\"b"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "{\"a\":1,\"a\":2}"; s = "a"; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	j = "{\"\":\"e\"}"; s = ""; r = json(j, s); printf("%-22s %-6s [%s]\n", j, s, r != NULL ? r : "<NULL>");
	exit(0);
}
