/*
 * The io provider's arguments (bufinfo_t, devinfo_t, fileinfo_t) in the
 * shapes of the Dynamic Tracing Guide, translated from the Linux block
 * layer's struct request. A request is not tied to a file, so fileinfo_t
 * says "<none>", as DTrace does for I/O it cannot attribute.
 */

inline int B_BUSY = 0x000001;
inline int B_DONE = 0x000002;
inline int B_ERROR = 0x000004;
inline int B_PAGEIO = 0x000010;
inline int B_PHYS = 0x000020;
inline int B_READ = 0x000040;
inline int B_WRITE = 0x000100;
inline int B_ASYNC = 0x000400;

struct bufinfo {
	int b_flags;			/* B_READ or B_WRITE, and B_ASYNC/B_PHYS */
	size_t b_bcount;		/* bytes */
	uintptr_t b_addr;		/* not known for block requests: 0 */
	uint64_t b_lblkno;		/* the first sector */
	uint64_t b_blkno;		/* the first sector */
	size_t b_resid;			/* bytes not transferred */
	size_t b_bufsize;		/* bytes */
	uintptr_t b_iodone;		/* not known: 0 */
	int b_error;			/* not known at start: 0 */
	uint32_t b_edev;		/* device number */
};
typedef struct bufinfo bufinfo_t;

struct devinfo {
	int dev_major;
	int dev_minor;
	int dev_instance;
	char dev_name[32];		/* the disk's name, e.g. "vda" */
	char dev_statname[32];		/* the same, as iostat names it */
	char dev_pathname[40];		/* not known: "<unknown>" */
};
typedef struct devinfo devinfo_t;

struct fileinfo {
	char fi_name[16];
	char fi_dirname[16];
	char fi_pathname[16];
	int64_t fi_offset;
	char fi_fs[16];
	char fi_mount[16];
	int fi_oflags;
};
typedef struct fileinfo fileinfo_t;

/* REQ_OP_* is the low byte of cmd_flags: 0 is a read, 1 a write. */
translator bufinfo_t < struct request *R > {
	b_flags = ((R->cmd_flags & 0xff) == 1 ? B_WRITE : B_READ) | B_PHYS;
	b_bcount = R->__data_len;
	b_addr = 0;
	b_lblkno = R->__sector;
	b_blkno = R->__sector;
	b_resid = 0;
	b_bufsize = R->__data_len;
	b_iodone = 0;
	b_error = 0;
	b_edev = R->part == 0 ? 0 : R->part->bd_dev;
};

translator devinfo_t < struct request *R > {
	dev_major = R->part == 0 ? 0 : R->part->bd_dev >> 20;
	dev_minor = R->part == 0 ? 0 : R->part->bd_dev & 0xfffff;
	dev_instance = R->part == 0 ? 0 : R->part->bd_dev & 0xfffff;
	dev_name = R->part == 0 ? "<none>" : stringof(R->part->bd_disk->disk_name);
	dev_statname = R->part == 0 ? "<none>" : stringof(R->part->bd_disk->disk_name);
	dev_pathname = "<unknown>";
};

translator fileinfo_t < struct request *R > {
	fi_name = "<none>";
	fi_dirname = "<none>";
	fi_pathname = "<none>";
	fi_offset = (int64_t)R->__sector * 512;
	fi_fs = "<none>";
	fi_mount = "<none>";
	fi_oflags = 0;
};
