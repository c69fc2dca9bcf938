/*
 * Tells whether the running kernel lets a tracer use a facility, by trying
 * it: loads a two-instruction BPF program and attaches it to vfs_read, then
 * detaches. Exits 0 if the facility works, 1 if not, 2 on bad usage; prints
 * one line saying what worked or why each attempt failed.
 *
 *   has_facility fentry    BPF trampoline (fentry) on a kernel function
 *   has_facility kprobe    a BPF program on a kprobe (perf kprobe PMU)
 *   has_facility fbt       either of them: what fbt probes attach with
 *   has_facility uprobe_multi  the multi-uprobe link (many uprobes, one call)
 *   has_facility write_user    bpf_probe_write_user (copyout()), which kernel
 *                              lockdown (integrity and up) takes away
 *   has_facility optimized_uprobes  a uprobe on a 5-byte nop becomes a call
 *                              to the kernel's uprobe trampoline once hit
 *                              (x86-64, Linux 6.18): seen in /proc/self/maps
 *
 * The e2e runner asks this for cases marked REQUIRES: fbt. Asking the kernel
 * rather than reading its version is the point: a kernel may have been built
 * without kprobes, or a sandbox may refuse fentry loads.
 */
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <errno.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

static const char kFunction[] = "vfs_read";

/* r0 = 0; exit */
static const struct bpf_insn kReturnZero[] = {
    {.code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0},
    {.code = BPF_JMP | BPF_EXIT},
};
static const size_t kReturnZeroLen = sizeof(kReturnZero) / sizeof(kReturnZero[0]);

static int try_fentry(char *why, size_t why_size) {
  struct btf *vmlinux = btf__load_vmlinux_btf();
  if (!vmlinux) {
    snprintf(why, why_size, "no kernel BTF (%s)", strerror(errno));
    return 0;
  }
  int id = btf__find_by_name_kind(vmlinux, kFunction, BTF_KIND_FUNC);
  btf__free(vmlinux);
  if (id < 0) {
    snprintf(why, why_size, "%s not in kernel BTF", kFunction);
    return 0;
  }
  LIBBPF_OPTS(bpf_prog_load_opts, opts, .expected_attach_type = BPF_TRACE_FENTRY,
              .attach_btf_id = (unsigned)id);
  int prog = bpf_prog_load(BPF_PROG_TYPE_TRACING, "has_facility", "GPL", kReturnZero,
                           kReturnZeroLen, &opts);
  if (prog < 0) {
    snprintf(why, why_size, "load refused (%s)", strerror(errno));
    return 0;
  }
  int link = bpf_raw_tracepoint_open(NULL, prog);
  int attached = link >= 0;
  if (!attached) snprintf(why, why_size, "attach refused (%s)", strerror(errno));
  if (attached) close(link);
  close(prog);
  return attached;
}

/* The perf event type of the kprobe or uprobe PMU; -1 and why if none. */
static int read_pmu_type(const char *pmu, char *why, size_t why_size) {
  char path[128];
  snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type", pmu);
  FILE *type_file = fopen(path, "r");
  int pmu_type;
  if (!type_file) {
    snprintf(why, why_size, "no %s PMU (%s)", pmu, strerror(errno));
    return -1;
  }
  int read_ok = fscanf(type_file, "%d", &pmu_type) == 1;
  fclose(type_file);
  if (!read_ok) {
    snprintf(why, why_size, "unreadable %s PMU type", pmu);
    return -1;
  }
  return pmu_type;
}

/* A kprobe (config1 the function's name) or uprobe (config1 the file's
 * path, config2 the offset) perf event for pid on cpu; -1 and why if none. */
static int open_probe_event(const char *pmu, uint64_t config1, uint64_t config2, int pid, int cpu,
                            char *why, size_t why_size) {
  int pmu_type = read_pmu_type(pmu, why, why_size);
  if (pmu_type < 0) return -1;
  struct perf_event_attr attr;
  memset(&attr, 0, sizeof(attr));
  attr.size = sizeof(attr);
  attr.type = (uint32_t)pmu_type;
  attr.config1 = config1;
  attr.config2 = config2;
  attr.sample_period = 1;
  int event = (int)syscall(SYS_perf_event_open, &attr, pid, cpu, -1, PERF_FLAG_FD_CLOEXEC);
  if (event < 0) snprintf(why, why_size, "perf_event_open refused (%s)", strerror(errno));
  return event;
}

static int try_kprobe(char *why, size_t why_size) {
  int event = open_probe_event("kprobe", (uint64_t)(uintptr_t)kFunction, 0, -1, 0, why, why_size);
  if (event < 0) return 0;
  int prog =
      bpf_prog_load(BPF_PROG_TYPE_KPROBE, "has_facility", "GPL", kReturnZero, kReturnZeroLen, NULL);
  int attached = 0;
  if (prog < 0) {
    snprintf(why, why_size, "load refused (%s)", strerror(errno));
  } else {
    attached = ioctl(event, PERF_EVENT_IOC_SET_BPF, prog) == 0;
    if (!attached) snprintf(why, why_size, "attach refused (%s)", strerror(errno));
    close(prog);
  }
  close(event);
  return attached;
}

/* BPF_TRACE_UPROBE_MULTI and its BPF_LINK_CREATE attributes, newer than
 * Debian 12's headers. */
enum { kUprobeMultiAttachType = 48 };
struct uprobe_multi_link_attr {
  uint32_t prog_fd, target_fd, attach_type, link_flags;
  uint64_t path, offsets, ref_ctr_offsets, cookies;
  uint32_t cnt, flags, pid, pad;
};

/* A kernel with the link accepts the attach type, then refuses a directory
 * as the file to probe (EBADF); one without refuses the type (EINVAL). */
static int try_uprobe_multi(char *why, size_t why_size) {
  LIBBPF_OPTS(bpf_prog_load_opts, opts);
  opts.expected_attach_type = (enum bpf_attach_type)kUprobeMultiAttachType;
  int prog = bpf_prog_load(BPF_PROG_TYPE_KPROBE, "has_facility", "GPL", kReturnZero, kReturnZeroLen,
                           &opts);
  if (prog < 0) {
    snprintf(why, why_size, "load refused (%s)", strerror(errno));
    return 0;
  }
  uint64_t offset = 0, cookie = 0;
  struct uprobe_multi_link_attr attr = {0};
  attr.prog_fd = (uint32_t)prog;
  attr.attach_type = kUprobeMultiAttachType;
  attr.path = (uint64_t)(uintptr_t) "/";
  attr.offsets = (uint64_t)(uintptr_t)&offset;
  attr.cookies = (uint64_t)(uintptr_t)&cookie;
  attr.cnt = 1;
  int link = (int)syscall(SYS_bpf, BPF_LINK_CREATE, &attr, sizeof(attr));
  int error = errno;
  if (link >= 0) close(link);
  close(prog);
  if (link >= 0 || error == EBADF) return 1;
  snprintf(why, why_size, "link refused (%s)", strerror(error));
  return 0;
}

/* Loads a raw tracepoint program that calls bpf_probe_write_user; the
 * verifier refuses the helper where the kernel withholds it. */
static int try_write_user(char *why, size_t why_size) {
  const struct bpf_insn prog_insns[] = {
      {.code = BPF_ST | BPF_MEM | BPF_DW, .dst_reg = BPF_REG_10, .off = -8, .imm = 0},
      {.code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_1, .imm = 0},
      {.code = BPF_ALU64 | BPF_MOV | BPF_X, .dst_reg = BPF_REG_2, .src_reg = BPF_REG_10},
      {.code = BPF_ALU64 | BPF_ADD | BPF_K, .dst_reg = BPF_REG_2, .imm = -8},
      {.code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_3, .imm = 8},
      {.code = BPF_JMP | BPF_CALL, .imm = BPF_FUNC_probe_write_user},
      {.code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0},
      {.code = BPF_JMP | BPF_EXIT},
  };
  int prog = bpf_prog_load(BPF_PROG_TYPE_RAW_TRACEPOINT, "has_facility", "GPL", prog_insns,
                           sizeof(prog_insns) / sizeof(prog_insns[0]), NULL);
  if (prog < 0) {
    snprintf(why, why_size, "load refused (%s)", strerror(errno));
    return 0;
  }
  close(prog);
  return 1;
}

/* A function whose first instruction is the 5-byte nop the kernel optimizes. */
__attribute__((noinline)) void nop5_site(void) {
  __asm__ volatile(".byte 0x0f, 0x1f, 0x44, 0x00, 0x00");
}

/* Whether /proc/self/maps has a line containing `what`; with `address`, the
 * line of the mapping holding it, its start and file offset. */
static int find_mapping(const char *what, unsigned long address, unsigned long *start,
                        unsigned long *offset, char *path, size_t path_size) {
  FILE *maps = fopen("/proc/self/maps", "r");
  char line[512];
  int found = 0;
  while (maps && !found && fgets(line, sizeof(line), maps)) {
    unsigned long lo, hi, off;
    char file[256] = "";
    if (sscanf(line, "%lx-%lx %*s %lx %*s %*s %255s", &lo, &hi, &off, file) < 3) continue;
    if (what) {
      found = strstr(line, what) != NULL;
    } else if (address >= lo && address < hi) {
      *start = lo;
      *offset = off;
      snprintf(path, path_size, "%s", file);
      found = 1;
    }
  }
  if (maps) fclose(maps);
  return found;
}

static int try_optimized_uprobes(char *why, size_t why_size) {
  unsigned long site = (unsigned long)&nop5_site, start, offset;
  char path[256];
  if (!find_mapping(NULL, site, &start, &offset, path, sizeof(path)) || path[0] != '/') {
    snprintf(why, why_size, "no file mapping holds this program's code");
    return 0;
  }
  int event = open_probe_event("uprobe", (uint64_t)(uintptr_t)path, site - start + offset, 0, -1,
                               why, why_size);
  if (event < 0) return 0;
  int prog =
      bpf_prog_load(BPF_PROG_TYPE_KPROBE, "has_facility", "GPL", kReturnZero, kReturnZeroLen, NULL);
  int attached = prog >= 0 && ioctl(event, PERF_EVENT_IOC_SET_BPF, prog) == 0 &&
                 ioctl(event, PERF_EVENT_IOC_ENABLE, 0) == 0;
  if (!attached) snprintf(why, why_size, "BPF program not attached (%s)", strerror(errno));
  for (int i = 0; attached && i < 4; i++) nop5_site();
  int optimized = attached && find_mapping("[uprobes-trampoline]", 0, NULL, NULL, NULL, 0);
  if (attached && !optimized) snprintf(why, why_size, "the uprobe stayed a breakpoint");
  if (prog >= 0) close(prog);
  close(event);
  return optimized;
}

/* The facilities one attempt tells: name, attempt, what it says when it works. */
static const struct {
  const char *name;
  int (*attempt)(char *why, size_t why_size);
  const char *works;
} kSingleTries[] = {
    {"uprobe_multi", try_uprobe_multi, "the multi-uprobe link works"},
    {"optimized_uprobes", try_optimized_uprobes, "a uprobe on a 5-byte nop became a call"},
    {"write_user", try_write_user, "bpf_probe_write_user is allowed"},
};

int main(int argc, char **argv) {
  int known = argc == 2 &&
              (!strcmp(argv[1], "fentry") || !strcmp(argv[1], "kprobe") || !strcmp(argv[1], "fbt"));
  for (size_t i = 0; argc == 2 && i < sizeof(kSingleTries) / sizeof(kSingleTries[0]); i++)
    known |= strcmp(argv[1], kSingleTries[i].name) == 0;
  if (!known) {
    fprintf(stderr,
            "usage: has_facility fentry|kprobe|fbt|uprobe_multi|write_user|optimized_uprobes\n");
    return 2;
  }
  /* Kernels before 5.11 charge BPF memory to RLIMIT_MEMLOCK. */
  struct rlimit unlimited = {RLIM_INFINITY, RLIM_INFINITY};
  setrlimit(RLIMIT_MEMLOCK, &unlimited);
  for (size_t i = 0; i < sizeof(kSingleTries) / sizeof(kSingleTries[0]); i++) {
    if (strcmp(argv[1], kSingleTries[i].name) != 0) continue;
    char why[128] = "";
    if (kSingleTries[i].attempt(why, sizeof(why))) {
      printf("%s: %s\n", kSingleTries[i].name, kSingleTries[i].works);
      return 0;
    }
    printf("%s: unavailable (%s)\n", kSingleTries[i].name, why);
    return 1;
  }

  const char *facility = argv[1];
  char fentry_why[128] = "", kprobe_why[128] = "";
  int want_fentry = strcmp(facility, "kprobe") != 0;
  int want_kprobe = strcmp(facility, "fentry") != 0;
  if (want_fentry && try_fentry(fentry_why, sizeof(fentry_why))) {
    printf("%s: fentry on %s works\n", facility, kFunction);
    return 0;
  }
  if (want_kprobe && try_kprobe(kprobe_why, sizeof(kprobe_why))) {
    printf("%s: kprobe on %s works\n", facility, kFunction);
    return 0;
  }
  printf("%s: unavailable", facility);
  if (want_fentry) printf(" (fentry: %s)", fentry_why);
  if (want_kprobe) printf(" (kprobe: %s)", kprobe_why);
  printf("\n");
  return 1;
}
