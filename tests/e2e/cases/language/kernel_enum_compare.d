/* ARGS: -q -s @SCRIPT@ */
/*
 * A kernel enum's enumerators are not global names in D, but on the right
 * of a comparison with a value of that enum type they are read as its
 * enumerators (enum rw_hint: WRITE_LIFE_NOT_SET is 0, ..., EXTREME 5).
 * dtrace's standard input is never given a write hint, so its inode's
 * i_write_hint is WRITE_LIFE_NOT_SET. A D enum compares the same way,
 * through a typedef too.
 */
typedef enum shade { LIGHT, DARK } shade_t;
shade_t s;

BEGIN
{
	this->hint = curthread->files->fdt->fd[0]->f_inode->i_write_hint;
	printf("== NOT_SET %d\n", this->hint == WRITE_LIFE_NOT_SET);
	printf("!= NOT_SET %d\n", this->hint != WRITE_LIFE_NOT_SET);
	printf("< EXTREME %d\n", this->hint < WRITE_LIFE_EXTREME);
	printf(">= NONE %d\n", this->hint >= WRITE_LIFE_NONE);
	printf("<= NOT_SET %d\n", this->hint <= WRITE_LIFE_NOT_SET);
	printf("> SHORT %d\n", this->hint > WRITE_LIFE_SHORT);
	s = DARK;
	printf("D enum %d %d\n", s == DARK, s != LIGHT);
	exit(0);
}
