/*
 * curcpu: the CPU a probe fires on, in the Solaris shape cpuinfo_t that
 * DTrace scripts expect. Linux has no processor sets (cpu_pset is -1,
 * PS_NONE); cpu_chip is the CPU's physical package and cpu_lgrp its NUMA
 * node, as sysfs told dtrace when it compiled the program (the inlines
 * __curcpu_chip, __curcpu_lgrp and __curcpu_mhz, which dtrace generates).
 */

typedef int psetid_t;
typedef int chipid_t;
typedef int lgrp_id_t;

inline int P_OFFLINE = 0x0001;
inline int P_ONLINE = 0x0002;

struct processor_info {
	int	pi_state;		/* P_ONLINE: probes fire on online CPUs */
	char	pi_processor_type[16];	/* the machine, as uname -m says */
	char	pi_fputypes[32];	/* the floating-point unit */
	int	pi_clock;		/* MHz */
};
typedef struct processor_info processor_info_t;

struct cpuinfo {
	processorid_t cpu_id;		/* the CPU's number */
	psetid_t cpu_pset;		/* no processor sets on Linux: -1 */
	chipid_t cpu_chip;		/* physical package */
	lgrp_id_t cpu_lgrp;		/* NUMA node */
	processor_info_t cpu_info;
};
typedef struct cpuinfo cpuinfo_t;

translator processor_info_t < processorid_t C > {
	pi_state = P_ONLINE;
	pi_processor_type = "x86_64";
	pi_fputypes = "x87, SSE";
	pi_clock = __curcpu_mhz;
};

translator cpuinfo_t < processorid_t C > {
	cpu_id = C;
	cpu_pset = -1;
	cpu_chip = __curcpu_chip;
	cpu_lgrp = __curcpu_lgrp;
	cpu_info = xlate <processor_info_t> (cpu);
};

inline cpuinfo_t *curcpu = xlate <cpuinfo_t *> (cpu);
