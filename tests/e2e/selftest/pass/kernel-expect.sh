# Listed as "expect" for kernel 9.9: compared with kernel-expect.out.9.9 and
# kernel-expect.status.9.9, not with the generic files.
echo nine
exit 3
