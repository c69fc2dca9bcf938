# curcpu describes the CPU the probe fires on: its number, no processor set,
# and the package and NUMA node sysfs gives that CPU.
"$DTRACE" -q -n 'BEGIN {
	printf("%d %d %d %d %d %d %s\n", curcpu->cpu_id, cpu, curcpu->cpu_pset,
	    curcpu->cpu_chip, curcpu->cpu_lgrp, curcpu->cpu_info.pi_state,
	    curcpu->cpu_info.pi_processor_type);
	exit(0);
}' >out
status=$?
read -r id cpu pset chip lgrp state type <out
sys=/sys/devices/system/cpu/cpu$id
echo "cpu_id is cpu: $([ "$id" = "$cpu" ] && echo yes || echo "no ($id, $cpu)")"
echo "cpu_pset: $pset"
echo "cpu_chip is the package: $([ "$chip" = "$(cat "$sys/topology/physical_package_id")" ] && echo yes || echo "no ($chip)")"
node=$(ls -d "$sys"/node* 2>/dev/null | sed 's/.*node//')
echo "cpu_lgrp is the node: $([ "$lgrp" = "${node:--1}" ] && echo yes || echo "no ($lgrp)")"
echo "pi_state $state, pi_processor_type $type"
exit "$status"
