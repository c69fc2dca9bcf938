/* ARGS: -q -s @SCRIPT@ */
inline int TEN = 10;
inline string GREETING = "hi";
inline int TWENTY = TEN * 2;

BEGIN
{
	printf("%d %s %d\n", TEN, GREETING, TWENTY + 1);
	exit(0);
}
