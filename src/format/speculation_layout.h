// The speculation map the BPF programs and the consumer share: an array of
// u64 words keyed by a u32 index.
//
//   [0, nspec)      the slot of speculation id i + 1: 0 while free, an even
//                   token (a fresh sequence number times 2) while active.
//                   commit() and discard() free the slot at once, as DTrace
//                   frees a speculation only one CPU used, so the next
//                   speculation() may have it.
//   nspec + kSpecUnavailable  speculation() calls that found no free slot
//   nspec + kSpecSequence     the last token's sequence number
//
// Speculative records, commit() and discard() carry the token, not the id:
// a record of an old speculation that reaches the consumer after its id was
// reused is never mistaken for the new one's.
#pragma once

#include <cstdint>

namespace dt {

enum SpeculationWord : uint32_t {
  kSpecUnavailable = 0,
  kSpecSequence = 1,
  kSpecWords = 2,  // words after the slots
};

// The most speculations a program may have (-x nspec): speculation() looks
// at every slot, and the verifier follows each step of that loop.
constexpr uint64_t kMaxSpeculations = 1024;

}  // namespace dt
