/* ARGS: -q -s @SCRIPT@ */
/* Each tick rate fires first in the order of its period. */
int a, b, c, d, e;
tick-10ms /!a/ { a = 1; printf("10ms\n"); }
tick-25hz /!b/ { b = 1; printf("25hz\n"); }
tick-250000us /!c/ { c = 1; printf("250000us\n"); }
tick-600msec /!d/ { d = 1; printf("600msec\n"); }
tick-1sec /!e/ { e = 1; printf("1sec\n"); exit(0); }
