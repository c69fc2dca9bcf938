#include "providers/lockstat_provider.h"

namespace dt {

namespace {

// lock:contention_begin(void *lock, unsigned int flags) fires when a
// thread finds a lock taken and is about to wait; contention_end(void
// *lock, int ret) when it stops waiting (ret 0: it holds the lock). The
// flags (include/trace/events/lock.h) say how it waits:
//   LCB_F_SPIN 0x01, LCB_F_READ 0x02, LCB_F_WRITE 0x04, LCB_F_RT 0x08,
//   LCB_F_PERCPU 0x10, LCB_F_MUTEX 0x20.
// A mutex first spins (MUTEX|SPIN: adaptive-spin), then, if the owner
// sleeps, blocks (MUTEX: adaptive-block); a spinlock_t spins (SPIN:
// spin-spin); an rwlock_t spins (SPIN|READ, SPIN|WRITE: rw-spin); an
// rw_semaphore blocks (READ, WRITE: rw-block).
//
// The time a wait took needs when it began: the support clauses below run
// at contention_begin (as sdt probes) and keep, per thread, the lock,
// flags and start of its current spin and of its current block. A thread
// may spin on a spinlock while it waits for a mutex (the mutex's own
// wait_lock), so the two are kept apart; a mutex that stops spinning to
// block forgets its spin.
const char* const kSupportClauses = R"(
sdt:lock::contention_begin
/arg1 & 1/
{
	self->__lockstat_spin = arg0;
	self->__lockstat_spin_flags = arg1;
	self->__lockstat_spin_start = timestamp;
}

sdt:lock::contention_begin
/(arg1 & 1) == 0/
{
	self->__lockstat_block = arg0;
	self->__lockstat_block_flags = arg1;
	self->__lockstat_block_start = timestamp;
	self->__lockstat_spin = self->__lockstat_spin == arg0 ? 0 : self->__lockstat_spin;
}
)";

// clang-format off
#define SPUN(flags) "self->__lockstat_spin == arg0 && (" flags ")"
#define BLOCKED(flags) "self->__lockstat_spin != arg0 && self->__lockstat_block == arg0 && (" flags ")"
#define SPIN_TIME {"uint64_t", "timestamp - self->__lockstat_spin_start"}
#define BLOCK_TIME {"uint64_t", "timestamp - self->__lockstat_block_start"}
// A probe on a locking function (StableProbe::fires_on): at its return,
// argN after its N parameters is what it returned.
#define ACQUIRE(name, function, condition, args) {"lockstat", name, "fexit:" function, condition, "", args}
#define RELEASE(name, function, args) {"lockstat", name, "fentry:" function, "", "", args}
#define GOT(n) "(int)arg" #n " == 0"
#define TOOK(n) "(int)arg" #n " == 1"
#define MUTEX_ARGS {{"struct mutex *", "(struct mutex *)arg0"}}
#define SPIN_ARGS {{"raw_spinlock_t *", "(raw_spinlock_t *)arg0"}}
#define RWSEM_ARG {"struct rw_semaphore *", "(struct rw_semaphore *)arg0"}
#define RW_ARGS(how) {RWSEM_ARG, {"int", how}}
// clang-format on

}  // namespace

const std::vector<StableProbe>& LockstatProbes() {
  static const std::vector<StableProbe> probes = {
      {"lockstat",
       "adaptive-spin",
       "contention_end",
       SPUN("self->__lockstat_spin_flags == 0x21"),
       "",
       {{"struct mutex *", "(struct mutex *)arg0"}, SPIN_TIME}},
      {"lockstat",
       "adaptive-block",
       "contention_end",
       BLOCKED("self->__lockstat_block_flags == 0x20") " && (int)arg1 == 0",
       "",
       {{"struct mutex *", "(struct mutex *)arg0"}, BLOCK_TIME}},
      {"lockstat",
       "adaptive-acquire-error",
       "contention_end",
       BLOCKED("self->__lockstat_block_flags == 0x20") " && (int)arg1 != 0",
       "",
       {{"struct mutex *", "(struct mutex *)arg0"}, {"int", "(int)arg1"}}},
      {"lockstat",
       "spin-spin",
       "contention_end",
       SPUN("self->__lockstat_spin_flags == 0x01"),
       "",
       {{"spinlock_t *", "(spinlock_t *)arg0"}, SPIN_TIME}},
      {"lockstat",
       "rw-spin",
       "contention_end",
       SPUN("self->__lockstat_spin_flags == 0x03 || self->__lockstat_spin_flags == 0x05"),
       "",
       {{"rwlock_t *", "(rwlock_t *)arg0"},
        SPIN_TIME,
        {"int", "self->__lockstat_spin_flags == 0x03 ? RW_READER : RW_WRITER"}}},
      {"lockstat",
       "rw-block",
       "contention_end",
       BLOCKED("self->__lockstat_block_flags == 0x02 || self->__lockstat_block_flags == "
               "0x04") " && (int)arg1 == 0",
       "",
       {{"struct rw_semaphore *", "(struct rw_semaphore *)arg0"},
        BLOCK_TIME,
        {"int", "self->__lockstat_block_flags == 0x02 ? RW_READER : RW_WRITER"}}},
      // Taking and letting go of a lock, contended or not, shows
      // in no tracepoint: these fire on the locking functions
      // (the probe's function names which). An acquire fires as
      // the function returns with the lock held (a trylock or an
      // interruptible wait only when it got it), a release as the
      // unlocking function is entered.
      ACQUIRE("adaptive-acquire", "mutex_lock", "", MUTEX_ARGS),
      ACQUIRE("adaptive-acquire", "mutex_lock_io", "", MUTEX_ARGS),
      ACQUIRE("adaptive-acquire", "mutex_lock_interruptible", GOT(1), MUTEX_ARGS),
      ACQUIRE("adaptive-acquire", "mutex_lock_killable", GOT(1), MUTEX_ARGS),
      ACQUIRE("adaptive-acquire", "mutex_trylock", TOOK(1), MUTEX_ARGS),
      RELEASE("adaptive-release", "mutex_unlock", MUTEX_ARGS),
      ACQUIRE("spin-acquire", "_raw_spin_lock", "", SPIN_ARGS),
      ACQUIRE("spin-acquire", "_raw_spin_lock_bh", "", SPIN_ARGS),
      ACQUIRE("spin-acquire", "_raw_spin_lock_irq", "", SPIN_ARGS),
      ACQUIRE("spin-acquire", "_raw_spin_lock_irqsave", "", SPIN_ARGS),
      ACQUIRE("spin-acquire", "_raw_spin_trylock", TOOK(1), SPIN_ARGS),
      RELEASE("spin-release", "_raw_spin_unlock", SPIN_ARGS),
      RELEASE("spin-release", "_raw_spin_unlock_bh", SPIN_ARGS),
      RELEASE("spin-release", "_raw_spin_unlock_irq", SPIN_ARGS),
      RELEASE("spin-release", "_raw_spin_unlock_irqrestore", SPIN_ARGS),
      ACQUIRE("rw-acquire", "down_read", "", RW_ARGS("RW_READER")),
      ACQUIRE("rw-acquire", "down_read_interruptible", GOT(1), RW_ARGS("RW_READER")),
      ACQUIRE("rw-acquire", "down_read_killable", GOT(1), RW_ARGS("RW_READER")),
      ACQUIRE("rw-acquire", "down_read_trylock", TOOK(1), RW_ARGS("RW_READER")),
      ACQUIRE("rw-acquire", "down_write", "", RW_ARGS("RW_WRITER")),
      ACQUIRE("rw-acquire", "down_write_killable", GOT(1), RW_ARGS("RW_WRITER")),
      ACQUIRE("rw-acquire", "down_write_trylock", TOOK(1), RW_ARGS("RW_WRITER")),
      RELEASE("rw-release", "up_read", RW_ARGS("RW_READER")),
      RELEASE("rw-release", "up_write", RW_ARGS("RW_WRITER")),
      RELEASE("rw-downgrade", "downgrade_write", {RWSEM_ARG}),
  };
  return probes;
}

const Provider& LockstatProvider() {
  using S = Stability;
  using C = DependencyClass;
  // The Dynamic Tracing Guide's attributes for lockstat.
  static constexpr ProviderAttributes kAttributes = {{S::kEvolving, S::kEvolving, C::kCommon},
                                                     {S::kPrivate, S::kPrivate, C::kUnknown},
                                                     {S::kPrivate, S::kPrivate, C::kUnknown},
                                                     {S::kEvolving, S::kEvolving, C::kCommon},
                                                     {S::kEvolving, S::kEvolving, C::kCommon}};
  static const std::unique_ptr<Provider> kProvider =
      NewStableProvider(LockstatProbes(), kAttributes, kSupportClauses);
  return *kProvider;
}

}  // namespace dt
