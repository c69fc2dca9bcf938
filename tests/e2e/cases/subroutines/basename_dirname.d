/* ARGS: -q -s @SCRIPT@ */
/*
 * basename() and dirname() as DTrace computes them (the Dynamic Tracing
 * Guide: "without any prefix that ends in /" and "all but the last level
 * of the pathname"; the edge cases follow illumos's implementation):
 *  - "" is "." for both, and a string of slashes is "/" for both;
 *  - trailing slashes are not part of the last level: "/usr/lib/" gives
 *    "lib" and "/usr";
 *  - dirname() is "." when no slash comes before the last name ("a",
 *    "a//") and "/" when only slashes do ("/a", "//a"); otherwise it keeps
 *    the leading slashes as written ("//usr//lib" gives "//usr").
 * Each result is also compared with a literal, which checks that it is
 * zero padded (no trailing slash left behind the NUL).
 */
BEGIN
{
	s[0] = "";
	s[1] = "/";
	s[2] = "//";
	s[3] = "a";
	s[4] = "a/";
	s[5] = "a//";
	s[6] = "/a";
	s[7] = "//a";
	s[8] = "a/b";
	s[9] = "a//b";
	s[10] = "/usr/lib/";
	s[11] = "/usr/lib";
	s[12] = "usr/lib//";
	s[13] = "//usr//lib//";
	s[14] = "..";
	s[15] = "/a/b/c.d";
	s[16] = "./x";
	n = 17;
	i = 0;
}

tick-1ms
/i < n/
{
	printf("\"%s\" \"%s\" \"%s\"\n", s[i], basename(s[i]), dirname(s[i]));
	i++;
}

tick-1ms
/i == n/
{
	printf("%d %d %d %d\n", basename("/usr/lib/") == "lib", dirname("/usr/lib/") == "/usr",
	    dirname("a//") == ".", basename("//") == "/");
	this->p = "/var/log/syslog";
	printf("%s %s\n", basename(this->p), dirname(this->p));
	exit(0);
}
