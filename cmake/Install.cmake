# Installation: `cmake --install build` (or the .deb, see Package.cmake) puts
#   /usr/sbin/dtrace                          the command (sbin: it needs root)
#   /usr/lib/dtrace/*.d                       the D library, to read: the
#                                             binary has it built in
#   /usr/share/man/man8/dtrace.8.gz           the manual (section 8, as for
#                                             every /usr/sbin command)
#   /usr/share/doc/dtrace/                    README.md and examples/*.d
# The prefix is /usr unless the configure or install command names another
# (-DCMAKE_INSTALL_PREFIX=..., cmake --install --prefix ...), because
# "#!/usr/sbin/dtrace -s" scripts expect the command there. CMake's own
# default, /usr/local, is replaced once per build tree: on its first
# configuration, or on the first one with this file in a tree configured
# before (whose cache holds that default).
if(NOT DEFINED DTRACE_INSTALL_PREFIX_CHOSEN)
  if(CMAKE_INSTALL_PREFIX_INITIALIZED_TO_DEFAULT
     OR (EXISTS ${CMAKE_BINARY_DIR}/CMakeCache.txt AND CMAKE_INSTALL_PREFIX STREQUAL "/usr/local"))
    set(CMAKE_INSTALL_PREFIX /usr CACHE PATH "Installation prefix" FORCE)
  endif()
  set(DTRACE_INSTALL_PREFIX_CHOSEN ON CACHE INTERNAL "CMAKE_INSTALL_PREFIX was defaulted to /usr")
endif()

install(TARGETS dtrace RUNTIME DESTINATION sbin)
install(FILES ${DLIB_FILES} DESTINATION lib/dtrace)

# Debian compresses manual pages with gzip -9n (no name or time stamp, so
# the package is reproducible); man finds dtrace.8.gz as dtrace(8).
set(DTRACE_MAN_PAGE ${CMAKE_SOURCE_DIR}/docs/dtrace.8)
set(DTRACE_MAN_PAGE_GZ ${CMAKE_BINARY_DIR}/dtrace.8.gz)
add_custom_command(
  OUTPUT ${DTRACE_MAN_PAGE_GZ}
  COMMAND sh -c "gzip -9nc \"$0\" > \"$1\"" ${DTRACE_MAN_PAGE} ${DTRACE_MAN_PAGE_GZ}
  DEPENDS ${DTRACE_MAN_PAGE}
  COMMENT "Compressing the manual page"
  VERBATIM)
add_custom_target(man_page ALL DEPENDS ${DTRACE_MAN_PAGE_GZ})
install(FILES ${DTRACE_MAN_PAGE_GZ} DESTINATION share/man/man8)

file(GLOB EXAMPLE_SCRIPTS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/examples/*.d)
install(FILES ${EXAMPLE_SCRIPTS} DESTINATION share/doc/dtrace/examples)
install(FILES ${CMAKE_SOURCE_DIR}/README.md DESTINATION share/doc/dtrace)

# The manual against groff and against the program (tests/man/check.sh), and
# the installed tree against what it should hold (tests/package/layout.sh).
add_test(NAME man_page
         COMMAND ${CMAKE_SOURCE_DIR}/tests/man/check.sh $<TARGET_FILE:dtrace>
                 ${DTRACE_MAN_PAGE} ${CMAKE_SOURCE_DIR}/src/cli/run_settings.cc)
add_test(NAME install_layout
         COMMAND ${CMAKE_SOURCE_DIR}/tests/package/layout.sh ${CMAKE_BINARY_DIR})
