#include "format/json_writer.hpp"

#include <cstring>

namespace nim {

void append_number(Buffer& out, const BigHeap& n) {
  char* digits = out.room(mpz_sizeinbase(n.get_mpz_t(), 10) + 2);  // a sign and the NUL
  mpz_get_str(digits, 10, n.get_mpz_t());
  out.commit(std::strlen(digits));
}

}  // namespace nim
