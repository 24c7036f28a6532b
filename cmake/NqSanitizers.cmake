# NQ_SANITIZE selects a sanitizer build for everything in the tree:
#   address   AddressSanitizer + UndefinedBehaviorSanitizer (all tests)
#   thread    ThreadSanitizer (everything that crosses threads)
# Empty (the default) builds without sanitizers.
set(NQ_SANITIZE "" CACHE STRING "Sanitizer build: empty, address (ASan+UBSan) or thread (TSan)")
set_property(CACHE NQ_SANITIZE PROPERTY STRINGS "" address thread)

if(NQ_SANITIZE STREQUAL "address")
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -g)
  add_link_options(-fsanitize=address,undefined)
elseif(NQ_SANITIZE STREQUAL "thread")
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer -g)
  add_link_options(-fsanitize=thread)
elseif(NOT NQ_SANITIZE STREQUAL "")
  message(FATAL_ERROR "NQ_SANITIZE must be empty, address or thread (got '${NQ_SANITIZE}')")
endif()
