/* ARGS: -q -s @SCRIPT@ -c "@PROGS@/writebytes c0a80117 7f000001 ffffffff 00000000 0a00000a fe8000000000000002144ffffe0b76c8 1080000000000000000008080c0c417a 00000000000000000000000000000001 00000000000000000000000000000000 0000000000000000000000007f000001 00000000000000000000ffff7f000001 00000000000000000000fffe7f000001 ffffffffffffffffffffffffffffffff 00010000000200030004000500060007 00010002000300040005000600070000 00010002000300040005000600000000 00010000000000020000000000030004 00010000000020000000000030000004 00000000000000000000000000000102 00000000000000000000ffff00000000 20010db8000000000001000000000001 00000000000000000000000000010000 0001000000000000000000000000abcd" */
/*
 * inet_ntoa(), inet_ntop() and inet_ntoa6() of addresses written by the
 * test program (4 bytes: IPv4, 16 bytes: IPv6), read back with copyin().
 * The IPv6 cases are illumos' zero compression: the longest run, a single
 * zero group inside the address but not at its end, a later run of equal
 * length when a group below 0x100 follows it, and the IPv4-mapped and
 * -compatible forms (a run reaching into the IPv4 part is not compressed).
 */
syscall::write:entry
/pid == $target && arg2 == 4/
{
	printf("%s %s\n", inet_ntoa((ipaddr_t *)copyin(arg1, 4)),
	    inet_ntop(AF_INET, copyin(arg1, 4)));
}

syscall::write:entry
/pid == $target && arg2 == 16/
{
	printf("%s | %s\n", inet_ntop(AF_INET6, copyin(arg1, 16)),
	    inet_ntoa6((in6_addr_t *)copyin(arg1, 16)));
}
