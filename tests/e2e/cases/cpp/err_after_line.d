/* ARGS: -C -s @SCRIPT@ */
/* After #line with a file name, errors name that file, as DTrace does
   for cpp's line markers. */
#line 50 "generated.d"
BEGIN { x = ; }
