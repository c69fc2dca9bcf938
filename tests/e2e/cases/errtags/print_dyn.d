/* ARGS: -xerrtags -s @SCRIPT@ */
struct s {
	int a;
};
struct s v;

BEGIN
{
	print(v);
}
