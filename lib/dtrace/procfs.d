/*
 * Process and thread information in the Solaris /proc shapes that DTrace
 * scripts expect (psinfo_t, lwpsinfo_t), translated from the Linux
 * struct task_struct found in the kernel's BTF. Only the members a Linux
 * task can answer are defined; the rest of the Solaris structs (projects,
 * zones, pools, contracts) have no Linux counterpart.
 */

struct psinfo {
	int	pr_nlwp;		/* threads in the process */
	pid_t	pr_pid;			/* process id (the Linux tgid) */
	pid_t	pr_ppid;		/* parent's process id */
	pid_t	pr_pgid;		/* process group id */
	pid_t	pr_sid;			/* session id */
	uid_t	pr_uid;			/* real user id */
	uid_t	pr_euid;		/* effective user id */
	gid_t	pr_gid;			/* real group id */
	gid_t	pr_egid;		/* effective group id */
	uintptr_t pr_addr;		/* address of the task_struct */
	uint64_t pr_start;		/* start time, ns since boot */
	char	pr_fname[16];		/* executable name */
	char	pr_psargs[80];		/* initial arguments, space separated */
	int	pr_argc;		/* not known on Linux: 0 */
	uintptr_t pr_argv;		/* user address of the argument strings */
	uintptr_t pr_envp;		/* user address of the environment strings */
	char	pr_dmodel;		/* 1: 32-bit process, 2: 64-bit */
};
typedef struct psinfo psinfo_t;

struct lwpsinfo {
	int	pr_flag;		/* thread flags (PF_*) */
	id_t	pr_lwpid;		/* thread id (the Linux pid) */
	uintptr_t pr_addr;		/* address of the task_struct */
	uintptr_t pr_wchan;		/* not known on Linux: 0 */
	char	pr_stype;		/* not known on Linux: 0 */
	char	pr_state;		/* SSLEEP 1, SRUN 2, SZOMB 3, SSTOP 4, SONPROC 6 */
	char	pr_sname;		/* 'S', 'R', 'Z', 'T', 'O' */
	char	pr_nice;		/* nice value */
	int	pr_pri;			/* kernel priority, higher is better */
	char	pr_clname[8];		/* scheduling class */
	char	pr_name[16];		/* thread name */
	processorid_t pr_onpro;		/* CPU it last ran on */
};
typedef struct lwpsinfo lwpsinfo_t;

inline char SSLEEP = 1;
inline char SRUN = 2;
inline char SZOMB = 3;
inline char SSTOP = 4;
inline char SONPROC = 6;

translator psinfo_t < struct task_struct *T > {
	pr_nlwp = T->signal->nr_threads;
	pr_pid = T->tgid;
	pr_ppid = T->real_parent->tgid;
	pr_pgid = T->signal->pids[2]->numbers[0].nr;
	pr_sid = T->signal->pids[3]->numbers[0].nr;
	pr_uid = T->cred->uid.val;
	pr_euid = T->cred->euid.val;
	pr_gid = T->cred->gid.val;
	pr_egid = T->cred->egid.val;
	pr_addr = (uintptr_t)T;
	pr_start = T->group_leader->start_time;
	pr_fname = T->group_leader->comm;
	pr_psargs = T->mm == 0 ? "" : __user_args(T->mm->arg_start, T->mm->arg_end);
	pr_argc = 0;
	pr_argv = T->mm == 0 ? 0 : T->mm->arg_start;
	pr_envp = T->mm == 0 ? 0 : T->mm->env_start;
	pr_dmodel = 2;
};

translator lwpsinfo_t < struct task_struct *T > {
	pr_flag = T->flags;
	pr_lwpid = T->pid;
	pr_addr = (uintptr_t)T;
	pr_wchan = 0;
	pr_stype = 0;
	pr_state = T->exit_state != 0 ? SZOMB :
	    T->__state == 0 ? (T == curthread ? SONPROC : SRUN) :
	    (T->__state & 4) != 0 || (T->__state & 8) != 0 ? SSTOP : SSLEEP;
	pr_sname = T->exit_state != 0 ? 'Z' :
	    T->__state == 0 ? (T == curthread ? 'O' : 'R') :
	    (T->__state & 4) != 0 || (T->__state & 8) != 0 ? 'T' : 'S';
	pr_nice = T->static_prio - 120;
	pr_pri = 139 - T->prio;
	pr_clname = T->policy == 1 || T->policy == 2 ? "RT" : "TS";
	pr_name = T->comm;
	pr_onpro = T->thread_info.cpu;
};

inline psinfo_t *curpsinfo = xlate <psinfo_t *> (curthread);
inline lwpsinfo_t *curlwpsinfo = xlate <lwpsinfo_t *> (curthread);

/* The current working directory and root directory of the process. */
inline string cwd = __path(curthread->fs->pwd.dentry, curthread->fs->pwd.mnt);
inline string root = __path(curthread->fs->root.dentry, curthread->fs->root.mnt);
