/* ARGS: -q -s @SCRIPT@ */
/*
 * json() as illumos defines it: the value the selector names, as text.
 * A string comes without its quotes and with its escapes as written; a
 * number, true, false and null as written; an object or array as its
 * whole text. A selector that names nothing, or JSON found malformed
 * before the value, gives NULL ("" here, shown as <NULL>).
 */
BEGIN
{
	j = "{\"name\": \"disk0\", \"size\": 512, \"ratio\": -0.25e2, \"ok\": true, \"bad\": false, \"none\": null}";
	printf("%s\n", j);
	s = "name"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "size"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "ratio"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "ok"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "bad"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "none"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "missing"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "nam"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "name.x"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = ""; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
}

BEGIN
{
	j = "{ \"dev\" : { \"id\" : 7, \"tags\" : [\"a\", \"b\\\"c\", {\"k\": [1, [2, 3]]}] }, \"last\": 1 }";
	printf("%s\n", j);
	s = "dev"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "dev.id"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "dev.tags"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "dev.tags[0]"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "dev.tags[1]"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "dev.tags.1"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "dev.tags[2]"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "dev.tags[2].k[1]"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "dev.tags[2].k[1][0]"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "dev.tags[3]"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "dev.tags[-1]"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "dev.tags[x]"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "dev.id.more"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "last"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
}

BEGIN
{
	j = "[10, 20.5, \"t\\\\u\\u00e9\", [], {}]";
	printf("%s\n", j);
	s = "[0]"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "1"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "[2]"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "[3]"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "[4]"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "[5]"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "[ 1]"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "[+1]"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	s = "key"; r = json(j, s); printf("%-12s [%s]\n", s, r != NULL ? r : "<NULL>");
	exit(0);
}
