# Named in selftest/skip-list.txt; fails if it runs at all.
exit 1
