# Compiler warnings for every target of ours: -Wall -Wextra -Wpedantic and a few more that catch
# real mistakes in C. Each flag is asked of the compiler in use once, at configure time, and kept
# only if it understands it, so gcc and clang each get the set they support and an unknown flag
# never breaks a build. Warnings become errors through CMake's own switch,
# -DCMAKE_COMPILE_WARNING_AS_ERROR=ON (the presets turn it on); NQ_WERROR=ON is kept as an alias.
include(CheckCCompilerFlag)

option(NQ_WERROR "Alias of CMAKE_COMPILE_WARNING_AS_ERROR (warnings as errors)" OFF)
if(NQ_WERROR)
  set(CMAKE_COMPILE_WARNING_AS_ERROR ON)
endif()

set(NQ_WARNING_FLAGS "")
set(CMAKE_REQUIRED_QUIET ON)
foreach(flag IN ITEMS
    -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wformat=2 -Wundef
    # Narrowing conversions, but not signed/unsigned mixing, which index arithmetic is full of.
    -Wconversion -Wno-sign-conversion
    # gcc only: a condition or a logical operator that repeats itself.
    -Wduplicated-cond -Wlogical-op)
  string(MAKE_C_IDENTIFIER "NQ_HAS${flag}" var)
  check_c_compiler_flag(${flag} ${var})
  if(${var})
    list(APPEND NQ_WARNING_FLAGS ${flag})
  endif()
endforeach()
unset(CMAKE_REQUIRED_QUIET)
list(JOIN NQ_WARNING_FLAGS " " nq_flags)
if(CMAKE_COMPILE_WARNING_AS_ERROR)
  string(APPEND nq_flags ", as errors")
endif()
message(STATUS "Warnings (${CMAKE_C_COMPILER_ID}): ${nq_flags}")

# nq_warnings(target...): our warning set on each target, PRIVATE (consumers do not inherit it).
function(nq_warnings)
  foreach(target IN LISTS ARGN)
    target_compile_options(${target} PRIVATE ${NQ_WARNING_FLAGS})
  endforeach()
endfunction()
