# The Debian package: `ninja -C build package` (or `cd build && cpack`)
# writes build/dtrace_<version>-<release>_amd64.deb from the install rules of
# Install.cmake. tests/package/run.sh installs it into a fresh Debian 12
# chroot and runs it there.
#
# Depends is computed by dpkg-shlibdeps (package dpkg-dev) from the libraries
# the binary links: libbpf1, libmicrohttpd12, libstdc++6, libgcc-s1, libc6, with the minimum
# versions their symbols files give. libelf1 and zlib1g, which libbpf needs,
# come through libbpf1's own Depends.
# nlohmann-json3-dev (-x oformat=json) is header only: nothing to depend on.
#
# No Conflicts: systemtap-sdt-dev's dtrace is /usr/bin/dtrace with the manual
# dtrace(1); ours are /usr/sbin/dtrace and dtrace(8), so both packages can be
# installed together (README.md, "Install", says what a user then runs).
set(DTRACE_PACKAGE_VERSION 0.1.0 CACHE STRING "Version of the dtrace package")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME dtrace)
set(CPACK_PACKAGE_VERSION ${DTRACE_PACKAGE_VERSION})
set(CPACK_PACKAGE_CONTACT "dtrace-ebpf developers <dev@dtrace-ebpf.local>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "dynamic tracing in the D language of DTrace, compiled to eBPF")
# The summary above is the first line; CPack indents these lines and turns
# the empty one into " ." as Debian's control format wants.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "A dtrace command that speaks DTrace: the D language, the command line,
the output formats, messages and exit statuses DTrace users know. It
compiles D itself, straight to eBPF, with no LLVM, compiler or kernel
module on the traced machine, and loads the programs through libbpf.

Providers: dtrace (BEGIN, END, ERROR), profile, syscall, sdt (every
kernel tracepoint), sched, proc and io. See dtrace(8).")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
# As dh_strip does: the installed binary carries no debug information.
set(CPACK_STRIP_FILES ON)

include(CPack)
