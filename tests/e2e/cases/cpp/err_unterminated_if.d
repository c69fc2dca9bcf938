/* ARGS: -C -s @SCRIPT@ */
#ifdef __linux
BEGIN { exit(0); }
#if 1
#endif
