#!/bin/bash
# Boots Debian's 6.1 cloud kernel under qemu (TCG) with an initramfs holding
# our dtrace, its libraries and the e2e test programs, runs smoke.sh there
# and prints its report. Needs: qemu-system-x86 busybox-static cpio, and the
# kernel package (downloaded here with apt-get download).
#
#   tests/qemu/run.sh [build-dir]      (default: build)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(realpath "${1:-$here/../../build}")
work=$(mktemp -d /tmp/dtrace-qemu.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"
pkg=$(apt-cache search --names-only '^linux-image-6\.1\.0-[0-9]+-cloud-amd64$' | awk '{print $1}' | sort -V | tail -1)
apt-get download -q "$pkg" >/dev/null
dpkg-deb -x ./*.deb kernel
vmlinuz=$(ls kernel/boot/vmlinuz-*)
mkdir -p root/bin root/proc root/sys root/dev root/tmp root/progs root/boot
cp kernel/boot/System.map-* root/boot/
cp /bin/busybox root/bin/busybox
for t in sh mount mkdir grep sed head wc poweroff cat echo sleep tr; do ln -s busybox "root/bin/$t"; done
cp "$build/dtrace" root/dtrace
cp "$build"/progs/* root/progs/
for lib in $(ldd "$build/dtrace" "$build/progs/syscalls" | awk '/=>/ {print $3} /ld-linux/ {print $1}'); do
  mkdir -p "root$(dirname "$lib")"
  cp -L "$lib" "root$lib"
done
cp "$here/smoke.sh" root/smoke.sh
cat > root/cpu.d <<'D'
sched:::on-cpu { self->on = timestamp; }
sched:::off-cpu /self->on/ { @[execname] = sum(timestamp - self->on); self->on = 0; }
D
# 3,000 clauses on one probe: more than one program holds, so a chain of
# tail-called programs.
{
  echo 'int x;'
  for i in $(seq 3000); do echo 'BEGIN { x++; }'; done
  echo 'BEGIN { printf("%d\n", x); exit(0); }'
} > root/chain.d
cat > root/init <<'INIT'
#!/bin/sh
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
echo "kernel $(cat /proc/sys/kernel/osrelease)"
sh /smoke.sh
poweroff -f
INIT
chmod +x root/init root/smoke.sh
(cd root && find . | cpio -o -H newc 2>/dev/null | gzip) > initrd.gz
log=${QEMU_LOG:-$work/console.log}
timeout 1200 qemu-system-x86_64 -accel tcg -cpu max -m 2048 -smp 1 -nographic -no-reboot \
  -kernel "$vmlinuz" -initrd initrd.gz -append "console=ttyS0 quiet panic=-1" >"$log" 2>&1 || true
# The console may put escape sequences before the first line.
tr -d '\r' <"$log" | sed -n '/kernel [0-9]/,/SMOKE DONE/p'
grep -q "SMOKE DONE 0 failed" "$log"
