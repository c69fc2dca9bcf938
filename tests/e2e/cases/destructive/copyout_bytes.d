/* ARGS: -q -w -s @SCRIPT@ -c "@PROGS@/copyout_target" */
/* REQUIRES: write_user */
/* copyout() writes nbytes of its buffer, no NUL added: the first 4 bytes
   of the target's "untouched" become "ABCD". */
syscall::write:entry
/pid == $target && (int)arg0 == -1/
{
	copyout("ABCDEFGH", arg1, 4);
}
