/* ARGS: -q -s @SCRIPT@ */
/*
 * cleanpath() as illumos cleans a path: "//", "/./" and "/../" go, the
 * rest (".x", "..x", a "." or ".." not after a "/") stays; "/.." at the end
 * keeps the "/" it went back to. Each result is shown between brackets.
 */
BEGIN
{
	printf("[%s]\n", cleanpath("/a/b/../c"));
	printf("[%s]\n", cleanpath("/a/./b"));
	printf("[%s]\n", cleanpath("//a//b//"));
	printf("[%s]\n", cleanpath("/a/b/.."));
	printf("[%s]\n", cleanpath("a/.."));
	printf("[%s]\n", cleanpath("a/../b"));
	printf("[%s]\n", cleanpath("/.."));
	printf("[%s]\n", cleanpath("/."));
	printf("[%s]\n", cleanpath("a/."));
	printf("[%s]\n", cleanpath("/a/.b/..c/...d"));
	printf("[%s]\n", cleanpath(""));
	printf("[%s]\n", cleanpath("/"));
	printf("[%s]\n", cleanpath("/usr/lib/../../etc/./passwd"));
	printf("[%s]\n", cleanpath("../a"));
	printf("[%s]\n", cleanpath("./a"));
	printf("[%s]\n", cleanpath("a//"));
	printf("[%s]\n", cleanpath("/a/b/c/../../d"));
	printf("[%s]\n", cleanpath(strjoin("/tmp/", "../etc")));
	exit(0);
}
