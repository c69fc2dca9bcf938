#!/bin/sh
# Runs inside the qemu guest (busybox sh) as /smoke.sh: a few dtrace runs
# whose output is checked against what this kernel must give. Prints one
# PASS/FAIL line per check and "SMOKE DONE n failed" at the end.
failed=0
check() {  # check NAME EXPECTED-REGEX COMMAND...
  name=$1 want=$2
  shift 2
  out=$("$@" 2>&1)
  if echo "$out" | grep -Eq "$want"; then
    echo "PASS $name"
  else
    echo "FAIL $name"; echo "$out" | head -20 | sed 's/^/    /'
    failed=$((failed + 1))
  fi
}
D=/dtrace
check begin_exit '^hello$' $D -qn 'BEGIN { printf("hello\n"); exit(0); }'
check syscall_count 'getppid +1' $D -n 'syscall::getppid:entry /pid == $target/ { @[probefunc] = count(); }' -c '/progs/syscalls getppid'
check profile 'samples +[0-9]+' $D -qn 'profile-97 { @["samples"] = count(); } tick-1s { exit(0); }'
check curthread 'comm=syscalls pid=1' $D -qn 'syscall::getppid:entry /pid == $target/ { printf("comm=%s pid=%d\n", curthread->comm, curthread->tgid == pid); exit(0); }' -c '/progs/syscalls getppid'
check curpsinfo 'psargs=/progs/syscalls getppid' $D -qn 'syscall::getppid:entry /pid == $target/ { printf("psargs=%s\n", curpsinfo->pr_psargs); exit(0); }' -c '/progs/syscalls getppid'
check sdt_tracepoint 'exec /progs/syscalls' $D -qn 'sdt:sched::sched_process_exec /args[1] == $target/ { printf("exec %s\n", args[0]); }' -c '/progs/syscalls getppid'
check sched_cpu_time 'spin +[0-9]{9}' $D -s /cpu.d -c '/progs/spin 300'
check exec_success 'exec-success syscalls' $D -qn 'proc:::exec-success /pid == $target/ { printf("exec-success %s\n", execname); }' -c '/progs/syscalls getppid'
check cwd 'cwd=/ root=/' $D -qn 'BEGIN { printf("cwd=%s root=%s\n", cwd, root); exit(0); }'
check vtimestamp 'vt=1' $D -qn 'BEGIN { printf("vt=%d\n", vtimestamp > 0); exit(0); }'
check listing '[0-9]+ probes listed' sh -c "$D -l | wc -l | sed 's/\$/ probes listed/'"
check fault 'invalid address' $D -qn 'BEGIN { trace(*(int *)8); } BEGIN { exit(0); }'
check print_struct 'kuid_t' $D -qn 'BEGIN { print(curthread->cred->uid); exit(0); }'
check stack 'do_syscall_64' $D -qn 'syscall::getppid:entry /pid == $target/ { stack(); exit(0); }' -c '/progs/syscalls getppid'
check io_provider 'io:::start' sh -c "$D -lvn io:::start | sed 's/.*start/io:::start/'"
# Kernel variables: Debian's kernel lists data symbols in kallsyms, and an
# extern declaration gives the type BTF lacks.
check kernel_variable "pid_max=$(cat /proc/sys/kernel/pid_max)\$" $D -qn 'extern int pid_max; BEGIN { printf("pid_max=%d\n", `pid_max); exit(0); }'
# strlen() is a helper call, not a byte loop the verifier multiplies.
check strlen_quantize ' 1 [|]@+ 1 ' $D -qn 'BEGIN { @[curpsinfo->pr_psargs] = quantize(strlen(cwd)); exit(0); }'
check strlen_copyinstr 'invalid address [(]0x0[)]' $D -qn 'BEGIN { @[curpsinfo->pr_psargs] = lquantize(strlen(copyinstr(arg0)), 1, 2, 1); } BEGIN { exit(0); }'
check strlen_twice 'dtrace +1 +1' $D -qn 'string s; BEGIN { if (strlen(s) + strlen(s)) { } @[execname, curthread->comm > s] = count(); exit(0); }'
check if_else_ran_flags '^taken $' sh -c "$D -qn 'BEGIN { if (0) printf(\"untaken\\n\"); else printf(\"taken\\n\"); exit(0); }' | tr '\n' ' ' | sed 's/  *$/ /'"
check tail_call_chain '^3000$' $D -qs /chain.d
check args_past_raw_tp 'arg4=0' $D -qn 'sched:::off-cpu { printf("arg4=%d\n", arg4); exit(0); }'
check fault_in_error '1 error in ERROR probe enabling' $D -qn 'ERROR { trace(*(int *)8); } BEGIN { trace(*(int *)8); } BEGIN { exit(0); }'
echo "SMOKE DONE $failed failed"
