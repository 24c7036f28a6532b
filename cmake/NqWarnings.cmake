# Compiler warnings for every target of ours: -Wall -Wextra -Wpedantic and a few more that catch
# real mistakes in C. NQ_WERROR (on in CI) turns them into errors.
option(NQ_WERROR "Treat warnings as errors" OFF)

function(nq_warnings target)
  target_compile_options(${target} PRIVATE
    -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes
    -Wconversion -Wno-sign-conversion -Wformat=2 -Wundef)
  if(NQ_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
