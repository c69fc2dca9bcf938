/* ARGS: -q -x strsize=32 -s @SCRIPT@ */
/*
 * json() at strsize 32: the text is read as its first 31 characters, so a
 * value past them is not found (the text ends inside the object), while
 * one before them is; a value nearly as long as the string comes out whole.
 */
BEGIN
{
	/* 31 characters: exactly what a string holds. */
	j = "{\"k1\":\"aaaaaaa\",\"k2\":[1,2,345]}";
	printf("%d %s\n", strlen(j), j);
	printf("[%s]\n", json(j, "k1"));
	printf("[%s]\n", json(j, "k2"));
	printf("[%s]\n", json(j, "k2[2]"));
	/* Longer: cut to 31 characters, the last value is lost. */
	j = strjoin("{\"k1\":\"aaaaaaaaaaaaaaaaaaa\",", "\"k2\":5}");
	printf("%s\n", j);
	printf("[%s]\n", json(j, "k1"));
	printf("[%s]\n", json(j, "k2"));
	/* A value of 29 characters inside a 31-character text. */
	j = "[{\"a\":\"bcdefghijklmnopqrstuv\"}]";
	printf("%d [%s]\n", strlen(json(j, "0")), json(j, "0"));
	/* A selector built at run time. */
	printf("[%s]\n", json("{\"k\":{\"m\":[0,9]}}", strjoin("k.m", "[1]")));
	exit(0);
}
