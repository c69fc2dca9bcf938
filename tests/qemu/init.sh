#!/bin/busybox sh
# PID 1 of the guest that tests/qemu/run.sh boots, in two stages (busybox sh).
#
# /init of the initramfs: loads the modules the kernel package ships for 9p,
# overlay, virtio-blk and ext4; mounts this machine's root file system
# (shared read-only by qemu as "hostroot") under a tmpfs overlay, so the
# guest can write anywhere without touching the host, and the scratch disk
# (/dev/vda, ext4) on /var/tmp, so block I/O reaches a real block device;
# then switch_root makes the overlay the root, as on a booted system, and
# runs this script again from there ("--in-root").
#
# --in-root: mounts /proc, /sys, /dev; gives the suite the host's open-file
# limit; runs tests/qemu/guest.sh with its output on the second serial port
# (the host's report); powers off. /config (written by run.sh) sets REPO,
# BUILD, FILTER, RESUME_FROM, GUEST_COMMAND, NOFILE_SOFT, NOFILE_HARD and HOST_NAME.
#
# The last line on the report port is always "qemu-guest: ..." from here:
# run.sh takes the suite's exit status from it and treats its absence
# (panic, hang, boot failure) as a failure.
B=/bin/busybox
report=/dev/ttyS1

give_up() {
  echo "qemu-guest: set-up failed: $*" >$report
  $B sync
  $B poweroff -f
}

if [ "$1" != --in-root ]; then
  $B mount -t proc proc /proc
  $B mount -t sysfs sysfs /sys
  $B mount -t devtmpfs devtmpfs /dev
  $B stty -F $report raw -echo
  . /config || give_up "no /config"
  for module in $(cat /modules/order); do
    $B insmod "/modules/$module.ko" || give_up "insmod $module"
  done
  $B mkdir -p /host /rw /root
  $B mount -t 9p -o ro,trans=virtio,version=9p2000.L,cache=loose,msize=512000 hostroot /host ||
    give_up "cannot mount the host's root over virtio-9p"
  $B mount -t tmpfs -o mode=0755 rw /rw
  $B mkdir -p /rw/upper /rw/work
  $B mount -t overlay -o lowerdir=/host,upperdir=/rw/upper,workdir=/rw/work root /root ||
    give_up "cannot mount the overlay root"
  $B mount -t ext4 /dev/vda /root/var/tmp || give_up "cannot mount the scratch disk on /var/tmp"
  $B chmod 1777 /root/var/tmp
  $B umount /proc /sys /dev
  export REPO BUILD FILTER RESUME_FROM GUEST_COMMAND NOFILE_SOFT NOFILE_HARD HOST_NAME
  exec $B switch_root /root /bin/busybox sh "$REPO/tests/qemu/init.sh" --in-root
  give_up "switch_root failed"
fi

$B mount -t proc proc /proc
$B mount -t sysfs sysfs /sys
$B mount -t devtmpfs devtmpfs /dev
# What udev would add: bash's process substitution needs /dev/fd.
$B ln -sf /proc/self/fd /dev/fd
$B ln -sf /proc/self/fd/0 /dev/stdin
$B ln -sf /proc/self/fd/1 /dev/stdout
$B ln -sf /proc/self/fd/2 /dev/stderr
$B mkdir -p /dev/pts /dev/shm
$B mount -t devpts devpts /dev/pts
$B mount -t tmpfs tmpfs /dev/shm
$B stty -F $report raw -echo
$B hostname "$HOST_NAME"
# The expected outputs were written on the host; a different open-file limit
# would change what a case with many maps sees.
ulimit -H -n "$NOFILE_HARD" && ulimit -S -n "$NOFILE_SOFT" || give_up "cannot set the open-file limit"

$B env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
  GUEST_COMMAND="$GUEST_COMMAND" E2E_RESUME_FROM="$RESUME_FROM" /bin/bash "$REPO/tests/qemu/guest.sh" "$BUILD" "$FILTER" \
  </dev/null >$report 2>&1
echo "qemu-guest: suite exited with status $?" >$report
$B sync
$B poweroff -f
