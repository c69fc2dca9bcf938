/*
 * The seed's telemetry script, for -x oformat=json: counts write(2) calls by
 * process name and prints the counts once a second, then starts again. Run
 * it with JSON output and turn each second's document into whatever the
 * metrics system wants, e.g. graphite's plaintext lines with jq:
 *
 *   dtrace -x oformat=json -s write-telemetry.d |
 *     jq -r --unbuffered '.output[]?."aggregation-data"[]? as $e |
 *       "dtrace.\($e.keys[0]).write \($e.count) \(.timestamp / 1e9 | floor)"' |
 *     nc carbonserver 2003
 *
 * Each document carries its wall-clock timestamp (nanoseconds) and the
 * aggregation as data: nothing to parse back out of printf text.
 */
#pragma D option quiet

syscall::write:entry
{
	@writes[execname] = count();
}

tick-1s
{
	printa(@writes);
	clear(@writes);
}
