/* REQUIRES: !fbt */
fbt::vfs_read:entry { exit(0); }
