/* ARGS: -C -s @SCRIPT@ */
#if 0
#skipped groups may hold anything
#endif
#defne TYPO 1
BEGIN { exit(0); }
