/* ARGS: -C -s @SCRIPT@ */
#include "no-such-header.h"
BEGIN { exit(0); }
