# NQ_SANITIZE selects a sanitizer build for everything in the tree:
#   address   AddressSanitizer + UndefinedBehaviorSanitizer (all tests)
#   thread    ThreadSanitizer (the tests not labelled one_thread: see tests/CMakeLists.txt)
# Empty (the default) builds without sanitizers. The flags are the same for gcc and clang; that
# the compiler can really build and link with them is checked once, here, so that a missing
# runtime shows up as one message at configure time rather than as a link error later.
# NQ_TIMEOUT_SCALE is what the tests' time limits are multiplied by in this build.
include(CheckCSourceCompiles)

set(NQ_SANITIZE "" CACHE STRING "Sanitizer build: empty, address (ASan+UBSan) or thread (TSan)")
set_property(CACHE NQ_SANITIZE PROPERTY STRINGS "" address thread)

if(NQ_SANITIZE STREQUAL "")
  set(NQ_TIMEOUT_SCALE 1)
  return()
elseif(NQ_SANITIZE STREQUAL "address")
  set(nq_sanitize_flags -fsanitize=address,undefined -fno-sanitize-recover=all)
  set(NQ_TIMEOUT_SCALE 3)
elseif(NQ_SANITIZE STREQUAL "thread")
  set(nq_sanitize_flags -fsanitize=thread)
  set(NQ_TIMEOUT_SCALE 3)
else()
  message(FATAL_ERROR "NQ_SANITIZE must be empty, address or thread (got '${NQ_SANITIZE}')")
endif()

string(JOIN " " CMAKE_REQUIRED_FLAGS ${nq_sanitize_flags})
set(CMAKE_REQUIRED_LINK_OPTIONS ${nq_sanitize_flags})
check_c_source_compiles("int main(void) { return 0; }" NQ_CAN_SANITIZE_${NQ_SANITIZE})
if(NOT NQ_CAN_SANITIZE_${NQ_SANITIZE})
  message(FATAL_ERROR "${CMAKE_C_COMPILER} cannot build and link with ${CMAKE_REQUIRED_FLAGS} "
                      "(is its sanitizer runtime installed?)")
endif()

unset(CMAKE_REQUIRED_FLAGS)
unset(CMAKE_REQUIRED_LINK_OPTIONS)
add_compile_options(${nq_sanitize_flags} -fno-omit-frame-pointer -g)
add_link_options(${nq_sanitize_flags})
