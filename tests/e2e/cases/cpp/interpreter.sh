# An interpreter file with -C: "#!dtrace -Cqs" reaches dtrace as one
# argument, and so does "#!dtrace -C -q -s"; the #! line is not cpp's.
printf '#!%s -Cqs\n#define MSG "cpp in an interpreter file"\nBEGIN { printf("%%s, line %%d, $1=%%d\\n", MSG, __LINE__, $1); exit(0); }\n' "$DTRACE" >one.d
printf '#!%s -C -q -s\n#if defined(__SUNW_D)\nBEGIN { printf("spaced options\\n"); exit(0); }\n#endif\n' "$DTRACE" >two.d
chmod +x one.d two.d
./one.d 7 && ./two.d
