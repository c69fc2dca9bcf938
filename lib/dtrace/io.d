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
	string fi_name;			/* the file's name, without its directory */
	string fi_dirname;		/* the directory it is in */
	string fi_pathname;		/* its full path */
	int64_t fi_offset;		/* the file offset */
	string fi_fs;			/* the file system's type, e.g. "ext4" */
	string fi_mount;		/* where that file system is mounted */
	int fi_oflags;			/* the open(2) flags */
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

/*
 * An open file: what fds[] gives (the current process's file descriptors).
 * A file that is not a path in a mounted file system (a pipe, a socket)
 * has a dentry name the kernel makes up only when asked: fi_name is then
 * empty and fi_pathname the path of that pseudo file system's root.
 */
translator fileinfo_t < struct file *F > {
	fi_name = F == NULL ? "<none>" : stringof(F->f_path.dentry->d_name.name);
	fi_dirname = F == NULL ? "<none>" :
	    __path(F->f_path.dentry->d_parent, F->f_path.mnt);
	fi_pathname = F == NULL ? "<none>" : __path(F->f_path.dentry, F->f_path.mnt);
	fi_offset = F == NULL ? 0 : F->f_pos;
	fi_fs = F == NULL ? "<none>" : stringof(F->f_path.mnt->mnt_sb->s_type->name);
	fi_mount = F == NULL ? "<none>" : __path(F->f_path.mnt->mnt_root, F->f_path.mnt);
	fi_oflags = F == NULL ? 0 : F->f_flags;
};
