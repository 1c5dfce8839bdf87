# Installing and packaging. `cmake --install` and `cpack -G DEB` put the same files in place: the
# binary, the man page, the bash and fish completions, the license, the changelog and the guide
# (docs/, with the agent protocol of `nim-game match`).
include(GNUInstallDirs)

install(TARGETS nim-game RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# The man page, with the version filled in, compressed as Debian policy asks.
set(NIM_MAN_PAGE ${CMAKE_BINARY_DIR}/man/nim-game.1)
configure_file(docs/nim-game.1.in ${NIM_MAN_PAGE} @ONLY)
add_custom_command(OUTPUT ${NIM_MAN_PAGE}.gz
  COMMAND gzip -9nkf ${NIM_MAN_PAGE}
  DEPENDS ${NIM_MAN_PAGE}
  COMMENT "Compressing the man page"
  VERBATIM)

# The completions, written by the built nim-game from its own option tables.
set(NIM_COMPLETIONS ${CMAKE_BINARY_DIR}/completions)
add_custom_command(OUTPUT ${NIM_COMPLETIONS}/nim-game ${NIM_COMPLETIONS}/nim-game.fish
  COMMAND ${CMAKE_COMMAND} -E make_directory ${NIM_COMPLETIONS}
  COMMAND sh -c "\"$1\" completion bash > \"$2/nim-game\" && \"$1\" completion fish > \"$2/nim-game.fish\""
          sh $<TARGET_FILE:nim-game> ${NIM_COMPLETIONS}
  DEPENDS nim-game
  COMMENT "Writing the shell completions"
  VERBATIM)
add_custom_target(installed_files ALL DEPENDS ${NIM_MAN_PAGE}.gz ${NIM_COMPLETIONS}/nim-game)

set(CPACK_PACKAGE_CONTACT "nim-game maintainers <maintainers@users.noreply.a-seed-62c9031e.example>")

# The license as Debian's machine-readable copyright file (the MIT license is "Expat" there), and
# CHANGELOG.md as a Debian changelog, compressed.
file(STRINGS LICENSE license_lines)
list(SUBLIST license_lines 4 -1 license_lines)  # the text after its title and copyright line
set(NIM_LICENSE_TEXT "")
foreach(line IN LISTS license_lines)
  if(line STREQUAL "")
    string(APPEND NIM_LICENSE_TEXT " .\n")
  else()
    string(APPEND NIM_LICENSE_TEXT " ${line}\n")
  endif()
endforeach()
configure_file(packaging/copyright.in ${CMAKE_BINARY_DIR}/doc/copyright @ONLY)
add_custom_command(OUTPUT ${CMAKE_BINARY_DIR}/doc/changelog.gz
  COMMAND sh -c "\"$1\" \"$2\" \"$3\" | gzip -9n > \"$4\"" sh
          ${PROJECT_SOURCE_DIR}/packaging/debian-changelog.sh ${PROJECT_SOURCE_DIR}/CHANGELOG.md
          ${CPACK_PACKAGE_CONTACT} ${CMAKE_BINARY_DIR}/doc/changelog.gz
  DEPENDS CHANGELOG.md packaging/debian-changelog.sh
  COMMENT "Compressing the changelog"
  VERBATIM)
add_custom_target(changelog ALL DEPENDS ${CMAKE_BINARY_DIR}/doc/changelog.gz)

install(FILES ${NIM_MAN_PAGE}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${NIM_COMPLETIONS}/nim-game DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${NIM_COMPLETIONS}/nim-game.fish DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
# The guide: every page of docs/ but architecture.md, which is for those who change the code.
file(GLOB guide_pages CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/docs/*.md)
list(REMOVE_ITEM guide_pages ${PROJECT_SOURCE_DIR}/docs/architecture.md)
install(FILES ${CMAKE_BINARY_DIR}/doc/copyright ${CMAKE_BINARY_DIR}/doc/changelog.gz ${guide_pages}
        DESTINATION ${CMAKE_INSTALL_DOCDIR})

# The Python package nim_game (its __init__.py and the compiled _core), where Debian's python3
# finds it: lib/python3/dist-packages under the prefix /usr (the package's), lib/python3.X/
# dist-packages under another (/usr/local/lib/python3.11/dist-packages is on Debian's sys.path);
# NIM_PYTHON_INSTALL_DIR chooses another place. It goes into the nim-game package itself: a second
# package would need CPack's components for every file installed, for two files that need nothing
# of their own (numpy is recommended).
if(TARGET nim_game_python)
  if(CMAKE_INSTALL_PREFIX STREQUAL "/usr")
    set(python_dir lib/python3/dist-packages)
  else()
    set(python_dir lib/python${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}/dist-packages)
  endif()
  set(NIM_PYTHON_INSTALL_DIR ${python_dir} CACHE STRING
      "Where cmake --install puts the Python package nim_game, under the prefix")
  install(TARGETS nim_game_python LIBRARY DESTINATION ${NIM_PYTHON_INSTALL_DIR}/nim_game)
  install(FILES src/python/nim_game/__init__.py src/python/nim_game/envs.py
          DESTINATION ${NIM_PYTHON_INSTALL_DIR}/nim_game)
  # The Debian package's prerm removes the bytecode an import by root writes there.
  set(NIM_PYTHON_PACKAGE_DIR /usr/${NIM_PYTHON_INSTALL_DIR}/nim_game)
  configure_file(packaging/prerm.in ${CMAKE_BINARY_DIR}/debian/prerm @ONLY
                 FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
                                  WORLD_READ WORLD_EXECUTE)
  set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${CMAKE_BINARY_DIR}/debian/prerm)
  set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
  # The module is built for this Python version only; label(), best_moves(), positions() and
  # NimEnv need numpy.
  math(EXPR next_minor "${Python3_VERSION_MINOR} + 1")
  set(CPACK_DEBIAN_PACKAGE_RECOMMENDS
      "python3 (>= ${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}), python3 (<< ${Python3_VERSION_MAJOR}.${next_minor}), python3-numpy")
endif()

# cpack -G DEB (run in the build folder, or scripts/package.sh): nim-game_<version>_<arch>.deb.
set(CPACK_PACKAGE_NAME nim-game)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "exact analysis of the game of Nim")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION math)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# dpkg-shlibdeps works out Depends from the binary: the package's nim-game links GMP, the C++
# runtime and libedit (libedit2) dynamically.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The extended description, lines of at most 79 characters (one string: several would be a list).
set(CPACK_PACKAGE_DESCRIPTION "nim-game solves Nim positions exactly (Bouton's nim-sum, misere play, a cap
on a move, heaps of any size), plays games out, judges moves, labels millions
of positions a second as JSON Lines, explains a winning move with Bouton's
binary table, plays against a person at a chosen difficulty, runs matches
between agents, and generates position sets.")
set(CPACK_STRIP_FILES ON)
include(CPack)
