/* ARGS: -q -w -s @SCRIPT@ -c "@PROGS@/copyout_target" */
/* REQUIRES: write_user */
/* copyoutstr() writes the string and its NUL into the target's buffer at
   write:entry (arg1); the target sees "patched" where "untouched" was and
   prints its 15 bytes, '.' for NULs. */
syscall::write:entry
/pid == $target && (int)arg0 == -1/
{
	copyoutstr("patched", arg1, 16);
}
