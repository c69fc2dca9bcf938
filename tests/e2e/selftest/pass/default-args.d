BEGIN { exit(0); }
