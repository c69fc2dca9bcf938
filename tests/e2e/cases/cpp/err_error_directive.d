/* ARGS: -C -s @SCRIPT@ */
/* #error stops preprocessing with its message, as a failed cpp does. */
#ifndef __linux
#error this script needs Linux
#endif
#if __SUNW_D_VERSION < 0x02000000
#error this script needs D 2.0, not   __SUNW_D_VERSION
#endif
BEGIN { exit(0); }
