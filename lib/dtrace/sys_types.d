/*
 * The everyday names of D that the compiler does not define itself
 * (sema/types.cc defines the integer types: int8_t..uint64_t, size_t,
 * ssize_t, off_t, pid_t, id_t, uid_t, gid_t, intptr_t, uintptr_t, ...).
 * The system types have the sizes of Linux's x86-64 kernel types of the
 * same names; the address families are Linux's values.
 */

inline void *NULL = 0;

typedef uint32_t dev_t;
typedef uint64_t ino_t;
typedef uint32_t mode_t;
typedef uint32_t nlink_t;
typedef int64_t time_t;
typedef int64_t clock_t;
typedef int64_t loff_t;
typedef int32_t key_t;

typedef uint32_t ipaddr_t;		/* an IPv4 address, network byte order */
typedef struct in6_addr in6_addr_t;	/* the kernel's, read from BTF when used */

inline int AF_UNSPEC = 0;
inline int AF_UNIX = 1;
inline int AF_INET = 2;
inline int AF_INET6 = 10;
