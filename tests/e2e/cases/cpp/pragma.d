/* ARGS: -C -s @SCRIPT@ */
/* #pragma D option reaches the D compiler; #pragma once and #ident are
   harmless; a pragma in a skipped group is gone. */
#pragma once
#ident "pragma.d 1.0"
#if 0
#pragma D option no_such_option
#endif
#pragma D option quiet

BEGIN
{
	trace("quiet by pragma");
	exit(0);
}
