#include "cli/driver.h"

int main(int argc, char** argv) { return dt::RunDtrace(argc, argv); }
