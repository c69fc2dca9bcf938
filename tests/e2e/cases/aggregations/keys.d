/* ARGS: -q -s @SCRIPT@ */
/* Key columns by type: int " %8d", long long " %16lld", string "  %-50s". */
BEGIN
{
	@i[3] = count();
	@ll[123456789012] = sum(4);
	@t["k", 2] = sum(7);
	@t["j", 9] = sum(1);
	@none = count();
	exit(0);
}
