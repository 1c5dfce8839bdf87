// A position of a take-and-break game in normal play that answers a ply's questions in O(log n)
// for n heaps, so that a long game's plies cost what its first ones do: a split inserts a heap in
// the middle of the position, and a game of a million plies on heaps of 10^30 ends with hundreds
// of thousands of heaps, which solve() would rescan every ply.
//
// The heaps, in order, are the nodes of a treap keyed by position (a binary search tree balanced by
// random priorities, each subtree holding its heaps' count), whose subtrees keep what the
// questions need: the XOR of their Grundy values, how many heaps have a move, the largest such
// heap, and which sums some heap there can answer with a winning move. A node is one cache line:
// its totals and the leading bits of its largest heap, so that recomputing it reads its two
// children and no heap, and a ply's cost is mostly the cache misses of a few paths from the root.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <compare>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <new>
#include <optional>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

#include "nim/games/take_and_break/take_and_break.hpp"
#include "nim/random.hpp"

namespace nim {

template <HeapInteger Heap>
class TakeAndBreakBoard {
 public:
  // Whether a game is played on this board: in normal play, all-but subtraction games apart (their
  // values grow with the heap, so that the board's per-size classes would be as many as the
  // sizes).
  static bool plays(const TakeAndBreakRules<Heap>& rules) {
    return !rules.misere &&
           (rules.game().splits() || rules.game().kind != HeapGameKind::all_but_subtraction);
  }

  // `rules` in normal play; every heap of `start` within its Grundy values.
  TakeAndBreakBoard(const TakeAndBreakRules<Heap>& rules, std::span<const Heap> start)
      : rules_(rules) {
    const std::vector<GrundyValue>& values = rules_.sequence->values;
    const std::uint64_t bound = std::bit_ceil(std::uint64_t{*std::ranges::max_element(values)} + 1);
    words_ = std::clamp<std::size_t>(bound / 64, 1, most_words);
    // The treap of the start in one pass (its right spine on a stack), then its totals.
    nodes_.reserve(start.size());
    heaps_.reserve(start.size());
    std::vector<Index> spine;
    for (const Heap& h : start) {
      const Index node = make_node(h);
      Index below = nil;
      while (!spine.empty() && priority(spine.back()) < priority(node)) {
        below = spine.back();
        spine.pop_back();
      }
      nodes_[node].left = below;
      if (!spine.empty()) nodes_[spine.back()].right = node;
      spine.push_back(node);
    }
    root_ = spine.empty() ? nil : spine.front();
    pull_all(root_);
  }

  std::size_t size() const { return count(root_); }
  GrundyValue grundy_sum() const { return root_ == nil ? 0 : nodes_[root_].sum; }
  bool has_move() const { return movable(root_) > 0; }

  // The heaps, in order, into `position`.
  void copy_to(Position<Heap>& position) const {
    position.clear();
    std::vector<Index> path;
    for (Index node = root_; node != nil || !path.empty();) {
      if (node != nil) {
        path.push_back(node);
        node = nodes_[node].left;
        continue;
      }
      node = path.back();
      path.pop_back();
      position.push_back(heaps_[node]);
      node = nodes_[node].right;
    }
  }

  // solve()'s winning move: the first heap with an option worth its value XOR the sum, and its
  // first such option; none when the position is lost.
  std::optional<GameMove<Heap>> winning_move() const {
    const GrundyValue sum = grundy_sum();
    if (sum == 0) return std::nullopt;
    GameMove<Heap> move;
    if (!first_winning(root_, 0, sum, move)) return std::nullopt;
    return move;
  }

  // The first move of the largest heap that has one (the first of that size): largest_heap_move().
  std::optional<GameMove<Heap>> largest_heap_move() const {
    if (!has_move()) return std::nullopt;
    std::size_t index = 0;
    Index node = root_;
    for (;;) {
      const Node& at = nodes_[node];
      if (at.left != nil && nodes_[at.left].largest == at.largest) {
        node = at.left;
        continue;
      }
      index += count(at.left);
      if (at.largest == node) return rules_.nth_move(heaps_[node], index, BigHeap(0));
      ++index;
      node = at.right;
    }
  }

  // How many heaps have a move, and the k-th of them (from 0) with its place in the position.
  std::size_t heaps_with_moves() const { return movable(root_); }
  std::pair<const Heap&, std::size_t> nth_heap_with_moves(std::size_t k) const {
    std::size_t index = 0;
    for (Index node = root_;;) {
      const Node& at = nodes_[node];
      if (k < movable(at.left)) {
        node = at.left;
        continue;
      }
      k -= movable(at.left);
      index += count(at.left);
      if (infos_[at.info].has_move) {
        if (k == 0) return {heaps_[node], index};
        --k;
      }
      ++index;
      node = at.right;
    }
  }

  // Makes a legal move: its heap lowered, or replaced by the two parts of a split.
  void apply(const GameMove<Heap>& move) {
    const std::size_t i = move.heap();
    if (move.split) {
      update(root_, i, [&](const Heap&) { return (*move.split)[0]; });
      const Index right = make_node((*move.split)[1]);
      root_ = insert(root_, i + 1, right);
    } else {
      update(root_, i, [&](const Heap& h) { return Heap(h - move.takes.front().count); });
    }
  }

 private:
  using Index = std::uint32_t;
  static constexpr Index nil = ~Index{0};
  // Sums below 64 * most_words are looked up in the subtrees' masks; a heap with an option worth
  // its value XOR a larger sum (an all-but subtraction game's values grow with the heap) is
  // checked when the search reaches it.
  static constexpr std::size_t most_words = 4;
  using Sums = std::array<std::uint64_t, most_words>;

  // What a heap's size decides, the same for every heap of its option_class().
  struct Info {
    GrundyValue value = 0;
    bool has_move = false;
    bool wide = false;  // some option is worth its value XOR a sum beyond the masks
    Sums sums{};        // bit s: a winning move when the sum is s
  };

  // A heap's size as far as comparing sizes needs: its bit length and leading 64 bits, which
  // order heaps as their sizes do and tell them apart but for sizes beyond 64 bits that agree
  // there.
  struct Key {
    std::uint32_t bits = 0;
    std::uint64_t top = 0;
    friend auto operator<=>(const Key&, const Key&) = default;
  };
  static Key key_of(const Heap& h) {
    const unsigned bits = bit_length(h);
    if constexpr (std::same_as<Heap, SmallHeap>) {
      return {bits, h};
    } else {
      if (bits <= 64) return {bits, to_small(h)};
      return {bits, to_small(BigHeap(h >> (bits - 64)))};
    }
  }

  struct alignas(64) Node {
    Index left = nil, right = nil;
    Index largest = nil;  // the subtree's largest heap with a move, the first of that size
    std::uint32_t count = 1, movable = 0, wide = 0;
    GrundyValue sum = 0;                       // the XOR of the subtree's values
    std::uint32_t info = 0;                    // of its heap, in infos_
    std::uint32_t bits = 0, largest_bits = 0;  // the keys of its heap and of the largest
    std::uint64_t top = 0, largest_top = 0;
    std::uint64_t sums = 0;  // the OR of the subtree's heaps' first words (more_sums_: the others)

    Key key() const { return {bits, top}; }
    Key largest_key() const { return {largest_bits, largest_top}; }
  };
  static_assert(sizeof(Node) == 64);

  // The treap's priorities: a fixed mix of the node's number, as random as a draw.
  static std::uint64_t priority(Index node) { return splitmix64_mix(node + 0x5eedULL); }

  std::size_t count(Index node) const { return node == nil ? 0 : nodes_[node].count; }
  std::size_t movable(Index node) const { return node == nil ? 0 : nodes_[node].movable; }

  // The masks' words beyond the first, of node `node`.
  std::uint64_t* more_sums(Index node) { return &more_sums_[node * (most_words - 1)]; }
  const std::uint64_t* more_sums(Index node) const { return &more_sums_[node * (most_words - 1)]; }

  std::uint32_t info_of(const Heap& h) {
    const SmallHeap key = rules_.option_class(h).value_or(detail::small_value(h));
    const auto [known, added] = info_index_.try_emplace(key, infos_.size());
    if (!added) return known->second;
    Info& info = infos_.emplace_back();
    const Heap of(key);
    info.value = rules_.value(of);
    rules_.for_each_option_value(of, [&](GrundyValue option) {
      info.has_move = true;
      const GrundyValue sum = info.value ^ option;
      if (sum < 64 * words_)
        info.sums[sum / 64] |= std::uint64_t{1} << (sum % 64);
      else
        info.wide = true;
    });
    return known->second;
  }

  void set_heap(Index node, Heap h) {
    Node& at = nodes_[node];
    at.info = info_of(h);
    const Key key = key_of(h);
    at.bits = key.bits;
    at.top = key.top;
    heaps_[node] = std::move(h);
  }

  Index make_node(Heap h) {
    if (nodes_.size() >= nil) throw std::bad_alloc();
    const Index node = static_cast<Index>(nodes_.size());
    nodes_.emplace_back();
    heaps_.emplace_back();
    if (words_ > 1) more_sums_.resize(more_sums_.size() + most_words - 1);
    set_heap(node, std::move(h));
    pull(node);
    return node;
  }

  // Whether the heap of node b is larger than that of node a, given their keys.
  bool larger(Index a, const Key& a_key, Index b, const Key& b_key) const {
    if (a_key != b_key) return a_key < b_key;
    return a_key.bits > 64 && heaps_[a] < heaps_[b];
  }

  // Recomputes a node's totals from its heap and its children's.
  void pull(Index node) {
    Node& at = nodes_[node];
    const Info& own = infos_[at.info];
    at.count = 1;
    at.movable = own.has_move ? 1 : 0;
    at.wide = own.wide ? 1 : 0;
    at.sum = own.value;
    at.sums = own.sums[0];
    at.largest = nil;
    // Left, the node, right: a later heap is the largest only if it is strictly larger.
    const auto consider = [&](Index candidate, const Key& key) {
      if (candidate == nil) return;
      if (at.largest != nil && !larger(at.largest, at.largest_key(), candidate, key)) return;
      at.largest = candidate;
      at.largest_bits = key.bits;
      at.largest_top = key.top;
    };
    if (at.left != nil) consider(nodes_[at.left].largest, nodes_[at.left].largest_key());
    if (own.has_move) consider(node, at.key());
    if (at.right != nil) consider(nodes_[at.right].largest, nodes_[at.right].largest_key());
    for (const Index child : {at.left, at.right}) {
      if (child == nil) continue;
      const Node& below = nodes_[child];
      at.count += below.count;
      at.movable += below.movable;
      at.wide += below.wide;
      at.sum ^= below.sum;
      at.sums |= below.sums;
    }
    if (words_ == 1) return;
    std::uint64_t* more = more_sums(node);
    for (std::size_t w = 1; w < words_; ++w) {
      more[w - 1] = own.sums[w];
      for (const Index child : {at.left, at.right})
        if (child != nil) more[w - 1] |= more_sums(child)[w - 1];
    }
  }

  // Every node's totals, children first.
  void pull_all(Index node) {
    if (node == nil) return;
    pull_all(nodes_[node].left);
    pull_all(nodes_[node].right);
    pull(node);
  }

  // The first `k` heaps of the tree at `node` into `before`, the others into `after`.
  void split(Index node, std::size_t k, Index& before, Index& after) {
    if (node == nil) {
      before = after = nil;
      return;
    }
    if (k <= count(nodes_[node].left)) {
      split(nodes_[node].left, k, before, nodes_[node].left);
      after = node;
    } else {
      split(nodes_[node].right, k - count(nodes_[node].left) - 1, nodes_[node].right, after);
      before = node;
    }
    pull(node);
  }

  // The tree at `node` with `fresh` (a node alone) inserted as its heap k.
  Index insert(Index node, std::size_t k, Index fresh) {
    if (node == nil) return fresh;
    if (priority(node) < priority(fresh)) {
      split(node, k, nodes_[fresh].left, nodes_[fresh].right);
      pull(fresh);
      return fresh;
    }
    const std::size_t left = count(nodes_[node].left);
    if (k <= left)
      nodes_[node].left = insert(nodes_[node].left, k, fresh);
    else
      nodes_[node].right = insert(nodes_[node].right, k - left - 1, fresh);
    pull(node);
    return node;
  }

  // Heap i of the tree at `node` becomes lowered(its size).
  template <class Lower>
  void update(Index node, std::size_t i, const Lower& lowered) {
    const std::size_t left = count(nodes_[node].left);
    if (i < left)
      update(nodes_[node].left, i, lowered);
    else if (i > left)
      update(nodes_[node].right, i - left - 1, lowered);
    else
      set_heap(node, lowered(std::as_const(heaps_[node])));
    pull(node);
  }

  // Whether sum is in a node's masks, or a heap's.
  bool has_sum(Index node, GrundyValue sum) const {
    const std::uint64_t word = sum < 64 ? nodes_[node].sums : more_sums(node)[sum / 64 - 1];
    return ((word >> (sum % 64)) & 1) != 0;
  }
  static bool has_sum(const Info& info, GrundyValue sum) {
    return ((info.sums[sum / 64] >> (sum % 64)) & 1) != 0;
  }

  // Whether some heap of the tree at `node` may have a winning move when the sum is `sum`: the
  // masks answer exactly for the sums they hold; beyond them, only the wide heaps may.
  bool may_win(Index node, GrundyValue sum) const {
    if (node == nil) return false;
    return sum < 64 * words_ ? has_sum(node, sum) : nodes_[node].wide > 0;
  }

  // The first heap of the tree at `node` (its first heap at `index`) with a winning move, into
  // `move`.
  bool first_winning(Index node, std::size_t index, GrundyValue sum, GameMove<Heap>& move) const {
    if (!may_win(node, sum)) return false;
    const Node& at = nodes_[node];
    if (first_winning(at.left, index, sum, move)) return true;
    index += count(at.left);
    const Info& own = infos_[at.info];
    const bool may = sum < 64 * words_ ? has_sum(own, sum) : own.wide;
    if (may && rules_.move_to_value(heaps_[node], own.value ^ sum, index, move)) return true;
    return first_winning(at.right, index + 1, sum, move);
  }

  TakeAndBreakRules<Heap> rules_;
  std::size_t words_ = 1;  // of the masks in use: the values' bound, over 64
  // What each heap's option_class() decides, found by that class.
  std::vector<Info> infos_;
  std::unordered_map<SmallHeap, std::uint32_t> info_index_;
  std::vector<Node> nodes_;
  std::vector<Heap> heaps_;               // node i's heap, apart: a node is a cache line
  std::vector<std::uint64_t> more_sums_;  // most_words - 1 a node, when words_ > 1
  Index root_ = nil;
};

}  // namespace nim
