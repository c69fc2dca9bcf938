/* ARGS: -q -s @SCRIPT@ */
/* NULL, the address families and the D library's everyday type names. */
BEGIN
{
	self->p = NULL;
	printf("NULL %d, self->p == NULL %d, AF_INET %d, AF_INET6 %d\n", (uintptr_t)NULL,
	    self->p == NULL, AF_INET, AF_INET6);
	printf("uintptr_t %d intptr_t %d size_t %d ssize_t %d off_t %d\n", sizeof (uintptr_t),
	    sizeof (intptr_t), sizeof (size_t), sizeof (ssize_t), sizeof (off_t));
	printf("pid_t %d id_t %d uid_t %d gid_t %d dev_t %d ipaddr_t %d in6_addr_t %d\n",
	    sizeof (pid_t), sizeof (id_t), sizeof (uid_t), sizeof (gid_t), sizeof (dev_t),
	    sizeof (ipaddr_t), sizeof (in6_addr_t));
	printf("int8_t %d int16_t %d int32_t %d int64_t %d\n", (int8_t)0xff, (int16_t)0xffff,
	    (int32_t)0xffffffff, (int64_t)-1);
	printf("uint8_t %d uint16_t %d uint32_t %d uint64_t %u\n", (uint8_t)-1, (uint16_t)-1,
	    (uint32_t)-1, (uint64_t)-1);
	exit(0);
}
