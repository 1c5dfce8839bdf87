#include "format/explanation_text.hpp"

#include <algorithm>
#include <utility>

#include "format/text.hpp"

namespace nim {

namespace {

std::string heap_number(std::size_t index) {
  return "heap " + std::to_string(index + 1);
}

// The words that differ when the rows are Grundy values rather than sizes.
struct Words {
  bool sizes;
  std::string one() const { return sizes ? "of one object" : "worth 1"; }
  std::string two_or_more() const { return sizes ? "of 2 or more objects" : "worth 2 or more"; }
  // "3 heaps of one object", "1 heap worth 1"
  std::string heaps_of_one(std::size_t n) const {
    return std::to_string(n) + (n == 1 ? " heap " : " heaps ") + one();
  }
};

template <HeapInteger Heap>
class Steps {
 public:
  explicit Steps(const Explanation<Heap>& e) : e_(e), words_{e.values == ExplainedValues::sizes} {}

  std::vector<std::string> operator()() {
    if (e_.reasoning == Reasoning::game_over) {
      add(e_.winning ? "No objects are left: the game is over, and the player to move "
                       "has won, since whoever took the last object lost (misère "
                       "play)."
                     : "No objects are left: the game is over, and the player to move "
                       "has lost, since whoever took the last object won.");
      return steps_;
    }
    rows();
    switch (e_.reasoning) {
      case Reasoning::game_over:
        break;
      case Reasoning::sum:
        by_sum();
        break;
      case Reasoning::odd_ones:
        by_odd_ones();
        break;
      case Reasoning::misere_switch:
        by_misere_switch();
        break;
    }
    return steps_;
  }

 private:
  void add(std::string step) { steps_.push_back(std::move(step)); }

  std::string bits(const Heap& value) const { return binary(value, e_.width); }
  std::string sum() const { return sum_name(e_); }
  std::string cap() const { return to_decimal(*e_.max_take); }
  std::string period() const { return to_decimal(Heap(*e_.max_take + Heap(1))); }
  const Move<Heap>& move() const { return *e_.move; }
  std::string count() const { return to_decimal(move().count); }
  std::string size_after() const { return to_decimal(e_.size_after(move().heap)); }
  // ", worth 3" under a cap: the moved heap's value after the move.
  std::string worth_after() const {
    return words_.sizes ? "" : ", worth " + to_decimal(e_.value_after);
  }
  std::string take() const {
    return "Take " + count() + " from " + heap_number(move().heap) + ", leaving " + size_after() +
           worth_after();
  }

  void rows() {
    std::string write;
    if (words_.sizes) {
      write = "Write each heap's size in binary";
    } else {
      add("A move takes 1 to " + cap() + " objects, so a heap counts as its size mod " + period() +
          ", its value: from h objects a move reaches h-1 down to h-" + cap() +
          ", whose values are every value from 0 to " + cap() +
          " but h's own (only the smaller ones when h is below " + cap() + ").");
      write = "Write each heap's value in binary";
    }
    const std::string columns =
        write +
        ", one row per heap, with the columns numbered from 0 at the right, and count the 1s in "
        "each column. The parity row, " +
        parity(e_);
    if (is_zero(e_.sum))
      add(columns + ", is all 0s: no column has an odd count, so the " + sum() + " is 0.");
    else
      add(columns + ", has a 1 under each column with an odd count: read as a binary number, " +
          "it is the " + sum() + ", " + to_decimal(e_.sum) + ".");
  }

  void best_try() {
    if (!e_.move) return;
    add("No move wins. This one takes " + count() + " from " + heap_number(move().heap) +
        ", leaving " + size_after() + worth_after() +
        ": the opponent is left a won position, but has to find the winning reply.");
  }

  void misere_note() {
    if (e_.misere)
      add("Misère play: while some heap is " + words_.two_or_more() + ", the " + sum() +
          " decides as in normal play.");
  }

  void by_sum() {
    misere_note();
    if (!e_.winning) {
      add("The " + sum() +
          " is 0: every column is even. Any move changes one row and so makes some column odd, "
          "and the opponent can make every column even again: the player to move loses against "
          "perfect play.");
      return best_try();
    }
    add("The " + sum() +
        " is not 0, so the player to move wins: one move makes every column even, and from there "
        "every move makes some column odd again.");
    const std::string column = "Column " + std::to_string(*e_.column);
    const std::string change = to_decimal(e_.value_before) + " (" + bits(e_.value_before) +
                               ") into " + to_decimal(e_.value_after) + " (" +
                               bits(e_.value_after) + ")";
    if (!e_.wraps) {
      std::string step =
          column + " is the highest odd column, and " + heap_number(move().heap) +
          "'s row has a 1 there. Changing that row's bit in every odd column turns " + change +
          ": smaller, since column " + std::to_string(*e_.column) + " goes from 1 to 0";
      if (!words_.sizes)
        step += ", so a move of " + count() + ", no more than " + cap() + ", does it";
      add(step + ".");
    } else {
      add(column + " is the highest odd column. Every column becomes even when " +
          heap_number(move().heap) + "'s value changes its bit in every odd column, turning " +
          change + ". That is more than it was, but a move can go below a multiple of " + period() +
          ": taking " + count() + ", between 1 and " + cap() + ", leaves " +
          objects(size_after(), e_.size_after(move().heap) == 1) + ", worth " +
          to_decimal(e_.value_after) + ".");
    }
    add(take() + ": every column is then even, the " + sum() +
        " is 0, and the opponent faces a lost position.");
  }

  void by_odd_ones() {
    add(words_.sizes ? "Misère play with no heap of 2 or more objects: the players take the heaps "
                       "of one object in turn, and whoever takes the last object loses, so "
                       "whoever faces an odd number of heaps of one object loses."
                     : "Misère play with every heap worth 0 or 1: whoever faces an odd number of "
                       "heaps worth 1 loses.");
    const std::string there =
        (e_.ones == 1 ? "There is " : "There are ") + words_.heaps_of_one(e_.ones);
    if (!e_.winning) {
      add(there + ", an odd number: the player to move loses against perfect play.");
      return best_try();
    }
    add(there + ", an even number: the player to move wins.");
    add(take() + ": that leaves " + words_.heaps_of_one(e_.ones_after) +
        ", an odd number, to the opponent.");
  }

  void by_misere_switch() {
    misere_note();
    add("The " + sum() + " is not 0, so the player to move wins. But " + heap_number(move().heap) +
        " is the only heap " + words_.two_or_more() +
        ", and the winning move brings it down to 0 or 1, whichever leaves an odd number of "
        "heaps " +
        words_.one() + ": the rule then switches, since with no heap " + words_.two_or_more() +
        ", whoever faces an odd number of heaps " + words_.one() + " loses.");
    add(take() + ": " + words_.heaps_of_one(e_.ones_after) +
        (e_.ones_after == 1 ? " remains" : " remain") +
        ", an odd number, and the opponent faces a lost position.");
  }

  const Explanation<Heap>& e_;
  Words words_;
  std::vector<std::string> steps_;
};

}  // namespace

template <HeapInteger Heap>
std::string binary(const Heap& value, unsigned width) {
  const unsigned bits = std::max(width, bit_length(value));
  std::string text(bits, '0');
  for (unsigned bit = 0; bit < bits; ++bit)
    if (test_bit(value, bit)) text[bits - 1 - bit] = '1';
  return text;
}

template <HeapInteger Heap>
std::vector<std::string> explanation_steps(const Explanation<Heap>& explanation) {
  return Steps<Heap>(explanation)();
}

template std::string binary(const SmallHeap&, unsigned);
template std::string binary(const BigHeap&, unsigned);
template std::vector<std::string> explanation_steps(const Explanation<SmallHeap>&);
template std::vector<std::string> explanation_steps(const Explanation<BigHeap>&);

}  // namespace nim
