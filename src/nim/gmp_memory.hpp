// GMP's own allocation functions end the process with abort() when memory runs out (a huge heap's
// arithmetic, a search grown too large); these throw std::bad_alloc instead, so that a program
// reports it as it reports any other failure to allocate.
#pragma once

#include <gmp.h>

#include <cstddef>
#include <cstdlib>
#include <new>

namespace nim {

namespace detail {

inline void* gmp_allocate(std::size_t size) {
  if (void* memory = std::malloc(size)) return memory;
  throw std::bad_alloc();
}

inline void* gmp_reallocate(void* memory, std::size_t, std::size_t size) {
  if (void* moved = std::realloc(memory, size)) return moved;
  throw std::bad_alloc();
}

inline void gmp_free(void* memory, std::size_t) {
  std::free(memory);
}

}  // namespace detail

// Call once, at the start of the program. Numbers made before it are freed by these functions, as
// GMP's own would free them: both are malloc's.
inline void throw_bad_alloc_from_gmp() {
  mp_set_memory_functions(detail::gmp_allocate, detail::gmp_reallocate, detail::gmp_free);
}

}  // namespace nim
