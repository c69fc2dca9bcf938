# TIMEOUT: 1
# Takes 2 s: times out as it stands, passes when E2E_TIMEOUT_FACTOR
# stretches the limit (run.sh --selftest runs it both ways).
sleep 2
echo done
