# NqPackage.cmake -- what `cmake --install` puts where a desktop and a shell look for it, and the
# Debian packages CPack makes of it (`cpack -G DEB` in a build tree; `bash scripts/quickstart.sh
# package` does the whole of it): `nqueens` (the window, nqueens-cli, their assets, translations,
# man pages, completions, desktop entry, icons, AppStream metainfo) and, when MPI was found,
# `nqueens-mpi`. docs/packages.md says what they hold and how they are tested.
# Run-time libraries are found by dpkg-shlibdeps; the fonts the program looks for through
# fontconfig are recommended. The project has no public home yet: its AppStream id, home page and
# maintainer are cache variables, so a distributor sets them without editing this file.
set(NQ_APPSTREAM_ID "io.github.nqueens_explorer.Explorer" CACHE STRING "The AppStream component id (reverse DNS)")
set(NQ_HOMEPAGE "https://github.com/nqueens-explorer/nqueens" CACHE STRING "The project's home page")
set(NQ_MAINTAINER "N-Queens Explorer developers <nqueens@example.org>" CACHE STRING "The packages' maintainer")

# Man pages, gzipped as Debian wants them (gzip -n: the same bytes at every build).
set(nq_man_pages nqueens-cli)
if(NQ_BUILD_APP)
  list(APPEND nq_man_pages nqueens)
endif()
if(MPI_C_FOUND)
  list(APPEND nq_man_pages nqueens-mpi)
endif()
set(nq_man_gz "")
foreach(page IN LISTS nq_man_pages)
  set(gz ${CMAKE_CURRENT_BINARY_DIR}/man/${page}.1.gz)
  add_custom_command(OUTPUT ${gz}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/man
    COMMAND gzip -9n -c ${CMAKE_CURRENT_SOURCE_DIR}/man/${page}.1 > ${gz}
    DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/man/${page}.1 VERBATIM)
  list(APPEND nq_man_gz ${gz})
endforeach()
set(nq_changelog_gz ${CMAKE_CURRENT_BINARY_DIR}/doc/changelog.gz)
add_custom_command(OUTPUT ${nq_changelog_gz}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/doc
  COMMAND gzip -9n -c ${CMAKE_CURRENT_SOURCE_DIR}/packaging/changelog > ${nq_changelog_gz}
  DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/packaging/changelog VERBATIM)
add_custom_target(nq_docs ALL DEPENDS ${nq_man_gz} ${nq_changelog_gz})

# Each program's page and completion go with the package of the program.
foreach(page IN LISTS nq_man_pages)
  set(component nqueens)
  if(page STREQUAL "nqueens-mpi")
    set(component mpi)
  endif()
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/man/${page}.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1
          COMPONENT ${component})
  install(FILES completions/bash/${page} DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
          COMPONENT ${component})
  if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/completions/zsh/_${page})
    install(FILES completions/zsh/_${page} DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions
            COMPONENT ${component})
  endif()
endforeach()

install(FILES packaging/copyright ${nq_changelog_gz} DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/nqueens
        COMPONENT nqueens)
if(MPI_C_FOUND)
  install(FILES packaging/copyright ${nq_changelog_gz} DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/nqueens-mpi
          COMPONENT mpi)
endif()

if(NQ_BUILD_APP)
  install(DIRECTORY assets/icons/ DESTINATION ${CMAKE_INSTALL_DATADIR}/icons)
  configure_file(assets/nqueens.metainfo.xml.in ${CMAKE_CURRENT_BINARY_DIR}/${NQ_APPSTREAM_ID}.metainfo.xml @ONLY)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/${NQ_APPSTREAM_ID}.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME nqueens)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "N-Queens Explorer developers")
set(CPACK_PACKAGE_CONTACT "${NQ_MAINTAINER}")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL nqueens)
if(MPI_C_FOUND)
  list(APPEND CPACK_COMPONENTS_ALL mpi)
endif()
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SECTION education)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${NQ_HOMEPAGE}")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_DEBIAN_NQUEENS_PACKAGE_NAME nqueens)
set(CPACK_DEBIAN_NQUEENS_PACKAGE_RECOMMENDS "fonts-noto-core, fonts-noto-cjk")
set(CPACK_COMPONENT_NQUEENS_DESCRIPTION
    "watch, step through and compare searches of the N-Queens puzzle
N-Queens Explorer shows the backtracking search of the N-Queens puzzle step by
step: pin the first queen, watch each queen tried, placed and taken back, step
back and scrub through the run, see the search tree beside the board, race
backtracking, forward checking, first fail and min-conflicts, and page through
every solution. It shows where solutions are (a heatmap) and how symmetry
groups them, in English, Thai, Persian, Traditional Chinese and Hebrew, in a
dark, a light or a high-contrast theme.
The package also holds nqueens-cli, the same engine for scripts: fast counts
with a journal that survives a crash, lists, search traces, comparisons and
heatmaps.")
set(CPACK_DEBIAN_MPI_PACKAGE_NAME nqueens-mpi)
set(CPACK_DEBIAN_MPI_PACKAGE_DEPENDS "nqueens (= ${PROJECT_VERSION}), openmpi-bin")
set(CPACK_COMPONENT_MPI_DESCRIPTION
    "count the solutions of the N-Queens puzzle across machines with Open MPI
nqueens-mpi runs the count of nqueens-cli across the hosts of an MPI job:
rank 0 hands out the count's parts as the other ranks ask for them and keeps
the journal, so a job that dies goes on from where it stopped.")
include(CPack)
