/* ARGS: -xerrtags -s @SCRIPT@ */
struct out {
	int a;
};

translator struct out < int x > {
	a = "str";
};

BEGIN
{
	trace(xlate<struct out>(1).a);
}
