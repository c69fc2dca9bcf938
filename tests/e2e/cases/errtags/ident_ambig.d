/* ARGS: -xerrtags -s @SCRIPT@ */
/*
 * A bare name on the right of a comparison whose left operand is of an enum
 * type is read as an enumerator of that enum. WRITE_LIFE_SHORT is one of
 * enum rw_hint (an inode's write hint), and a global variable here too:
 * ambiguous.
 */
int WRITE_LIFE_SHORT;

syscall::write:entry
{
	trace(curthread->files->fdt->fd[arg0]->f_inode->i_write_hint == WRITE_LIFE_SHORT);
}
