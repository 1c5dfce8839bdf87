// Arrays of positions, one a row, for label() and best_moves(): the array read as integers, its
// rows answered in chunks on threads without the GIL, and the error of the lowest bad row.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>

#include "nim/games/game_move.hpp"
#include "nim/heap.hpp"
#include "nim/thread_pool.hpp"
#include "python/arguments.hpp"

namespace nim::python {

// The positions argument as a numpy array (a list of lists is one too), numpy being there.
inline py::array to_array(const py::object& positions, const std::string& what) {
  require_numpy(what);
  if (py::isinstance<py::array>(positions)) return py::reinterpret_borrow<py::array>(positions);
  return py::module_::import("numpy").attr("asarray")(positions).cast<py::array>();
}

// The threads asked for: 0 is every core. A count beyond what `unsigned` holds is as good as the
// most it holds, since in_chunks starts no more threads than the rows have chunks.
inline unsigned thread_count(const py::object& threads) {
  const BigHeap n = to_number(threads, "threads");
  if (n < 0) throw py::value_error("threads must be 0 (every core) or more, not " + n.get_str());
  if (n == 0) return std::max(1u, std::thread::hardware_concurrency());
  constexpr unsigned most = std::numeric_limits<unsigned>::max();
  return n > most ? most : static_cast<unsigned>(n.get_ui());
}

// Calls work(first, last) on `threads` threads for consecutive ranges of the rows; small arrays on
// the calling thread alone, where starting threads would cost more than the work. When the system
// cannot start them all (no memory for their stacks, too many processes), the threads started
// finish and are joined (nim/thread_pool.hpp), and the call raises RuntimeError: an answer is
// never partial, and a thread is never left running (which would end the interpreter).
template <class Work>
void in_chunks(std::size_t rows, unsigned threads, Work&& work) {
  constexpr std::size_t rows_per_thread = 16384;
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, rows / rows_per_thread + 1));
  try {
    on_threads(threads, [&](unsigned t) { work(rows * t / threads, rows * (t + 1) / threads); });
  } catch (const ThreadStartError& error) {
    throw std::runtime_error("could not start " + std::to_string(error.asked()) + " threads (" +
                             error.reason() + "): ask for fewer with threads=N");
  }
}

// The error of the lowest bad row, whichever thread meets it, so that the message does not depend
// on the threads.
class RowError {
 public:
  void found(std::size_t row, std::string message) {
    const std::lock_guard lock(mutex_);
    if (row < row_) row_ = row, message_ = std::move(message);
  }
  void raise_if_found() const {
    if (row_ != std::numeric_limits<std::size_t>::max()) throw py::value_error(message_);
  }

 private:
  std::mutex mutex_;
  std::size_t row_ = std::numeric_limits<std::size_t>::max();
  std::string message_;
};

// The array as C-ordered integers of type Int (a copy when it is not so already).
template <class Int>
py::array_t<Int, py::array::c_style> typed_rows(const py::array& array) {
  auto typed = py::array_t<Int, py::array::c_style>::ensure(array);
  if (!typed) throw py::error_already_set();
  return typed;
}

// Answers the rows a block at a time: make_answer() is called once a chunk (on its thread, without
// the GIL) for the chunk's answer(first, count, heaps), the heaps of rows first to first + count
// laid out one row after another as SmallHeaps (so that an engine answers a block behind one
// virtual call). A block stops before its first row with a negative heap; a block that throws
// Unanswerable is answered again row by row; the lowest bad row is then a ValueError naming it.
template <class Int, class MakeAnswer>
void for_each_block(const py::array_t<Int, py::array::c_style>& typed, unsigned threads,
                    MakeAnswer&& make_answer) {
  constexpr std::size_t block_rows = 1024;
  const std::size_t rows = static_cast<std::size_t>(typed.shape(0));
  const std::size_t columns = static_cast<std::size_t>(typed.shape(1));
  const Int* data = typed.data();
  RowError error;
  {
    py::gil_scoped_release release;
    in_chunks(rows, threads, [&](std::size_t first, std::size_t last) {
      auto answer = make_answer();
      std::vector<SmallHeap> heaps;
      for (std::size_t start = first; start < last; start += block_rows) {
        const std::size_t count = std::min(block_rows, last - start);
        heaps.resize(count * columns);
        const Int* from = data + start * columns;
        std::size_t good = count;  // the rows before the first negative heap
        for (std::size_t i = 0; i < count * columns; ++i) {
          if constexpr (std::is_signed_v<Int>) {
            if (from[i] < 0) {
              good = i / columns;
              break;
            }
          }
          heaps[i] = static_cast<SmallHeap>(from[i]);
        }
        const std::span<const SmallHeap> block(heaps.data(), good * columns);
        try {
          answer(start, good, block);
        } catch (const Unanswerable&) {
          for (std::size_t r = 0; r < good; ++r) {
            try {
              answer(start + r, 1, block.subspan(r * columns, columns));
            } catch (const Unanswerable& unanswerable) {
              return error.found(start + r, unanswerable.what() + std::string(" (row ") +
                                                std::to_string(start + r) + ")");
            }
          }
        }
        if constexpr (std::is_signed_v<Int>) {
          if (good < count) {
            const Int* row = from + good * columns;
            const std::size_t c = static_cast<std::size_t>(
                std::find_if(row, row + columns, [](Int h) { return h < 0; }) - row);
            const std::size_t r = start + good;
            return error.found(r, "heap size " + std::to_string(row[c]) + " is negative (row " +
                                      std::to_string(r) + ", column " + std::to_string(c) + ")");
          }
        }
      }
    });
  }
  error.raise_if_found();
}

// The largest heap of the rows (0 for none); negative heaps are left to for_each_block.
template <class Int>
SmallHeap largest_heap(const py::array_t<Int, py::array::c_style>& typed) {
  const Int* data = typed.data();
  const Int* end = data + typed.size();
  SmallHeap largest = 0;
  for (const Int* value = data; value != end; ++value)
    if (*value > 0) largest = std::max(largest, static_cast<SmallHeap>(*value));
  return largest;
}

// best_moves() of a count that an int64 cannot hold (a heap of a uint64 array).
[[noreturn]] inline void raise_count_beyond_int64() {
  throw py::value_error(
      "a move takes more objects than an int64 holds: analyse() answers such positions");
}

// Calls f.template operator()<Int>() with the array's integer type.
template <class F>
void with_integer_type(const py::array& array, F&& f) {
  if (array.ndim() != 2)
    throw py::value_error("the positions must be a 2-D array (one position a row), not " +
                          std::to_string(array.ndim()) + "-D");
  const py::dtype type = array.dtype();
  const char kind = type.kind();
  const auto size = type.itemsize();
  if (kind == 'i' && size == 8) return f.template operator()<std::int64_t>();
  if (kind == 'i' && size == 4) return f.template operator()<std::int32_t>();
  if (kind == 'i' && size == 2) return f.template operator()<std::int16_t>();
  if (kind == 'i' && size == 1) return f.template operator()<std::int8_t>();
  if (kind == 'u' && size == 8) return f.template operator()<std::uint64_t>();
  if (kind == 'u' && size == 4) return f.template operator()<std::uint32_t>();
  if (kind == 'u' && size == 2) return f.template operator()<std::uint16_t>();
  if (kind == 'u' && size == 1) return f.template operator()<std::uint8_t>();
  throw py::value_error("the positions must be an array of integers, not of " +
                        py::str(type.attr("name")).cast<std::string>());
}

}  // namespace nim::python
