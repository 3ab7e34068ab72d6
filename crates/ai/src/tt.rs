//! The transposition table.

use boomchess_rules::Move;

/// Scores at least this far from zero are mate scores (distance-adjusted).
pub(crate) const MATE_BOUND: i32 = crate::search::MATE - 1000;

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Bound {
    /// No entry.
    #[default]
    None,
    /// The exact score.
    Exact,
    /// The true score is at least this (a beta cut-off).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

/// What the table knows of a position: 16 bytes, four to a cache line.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    /// The key's upper 32 bits (its lower bits chose the bucket).
    check: u32,
    pub mv: Option<Move>,
    pub bound: Bound,
    pub score: i16,
    /// The position's static evaluation, or `NO_EVAL` (in check, or not evaluated).
    pub eval: i16,
    pub depth: i8,
    /// The search (see [`Tt::new_search`]) that stored the entry.
    generation: u8,
}

impl Default for Entry {
    fn default() -> Entry {
        Entry {
            check: 0,
            mv: None,
            bound: Bound::None,
            score: 0,
            eval: NO_EVAL,
            depth: 0,
            generation: 0,
        }
    }
}

/// `Entry::eval` of a position that was not evaluated.
pub(crate) const NO_EVAL: i16 = i16::MIN;

/// Entries that share one cache line: a probe reads one line.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
struct Bucket([Entry; 4]);

/// A fixed-size table of search results in buckets of four, indexed by the key's lower bits.
#[derive(Clone, Debug)]
pub(crate) struct Tt {
    buckets: Vec<Bucket>,
    mask: usize,
    generation: u8,
}

impl Tt {
    /// A table using about `megabytes` of memory (at least 1024 buckets).
    pub fn new(megabytes: usize) -> Tt {
        let bytes = megabytes.clamp(1, 4096) * 1024 * 1024;
        let wanted = (bytes / core::mem::size_of::<Bucket>()).max(1024);
        // Largest power of two not above `wanted`.
        let size = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Tt {
            buckets: vec![Bucket::default(); size],
            mask: size - 1,
            generation: 0,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
        self.generation = 0;
    }

    /// Starts a new search: what earlier searches stored is replaced first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        key as usize & self.mask
    }

    /// Whether [`prefetch`](Self::prefetch) does anything here: WebAssembly has no prefetch.
    pub const PREFETCHES: bool = cfg!(target_arch = "x86_64");

    /// Asks the processor to load `key`'s bucket into its cache, so that a probe soon after
    /// does not wait for memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let line: *const Bucket = &self.buckets[self.bucket(key)];
            // SAFETY: a prefetch only hints the cache; it reads nothing and cannot fault, and
            // the pointer is to a live bucket anyway.
            unsafe {
                core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(line.cast())
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The entry for `key`, if stored (an entry may hold only an evaluation: `Bound::None`).
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let check = (key >> 32) as u32;
        self.buckets[self.bucket(key)]
            .0
            .iter()
            .find(|e| e.check == check && (e.bound != Bound::None || e.eval != NO_EVAL))
            .copied()
    }

    /// Stores a result with the position's static evaluation (`NO_EVAL` if unknown). An entry
    /// for the same position is updated, unless it holds a deeper bound and this is not exact;
    /// otherwise the entry replaced is the shallowest, those of earlier searches first.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        depth: i32,
        bound: Bound,
        eval: i16,
        ply: usize,
    ) {
        let check = (key >> 32) as u32;
        let generation = self.generation;
        let i = self.bucket(key);
        let bucket = &mut self.buckets[i].0;
        let slot = match bucket.iter().position(|e| e.check == check) {
            Some(same) => {
                let old = bucket[same];
                if old.bound != Bound::None
                    && i32::from(old.depth) > depth
                    && bound != Bound::Exact
                    && old.generation == generation
                {
                    return;
                }
                same
            }
            None => {
                // Worth keeping: depth, and eight plies more for this search's entries.
                let worth = |e: &Entry| {
                    let current = e.generation == generation && e.bound != Bound::None;
                    i32::from(e.depth) + 8 * i32::from(current)
                };
                (0..4).min_by_key(|&k| worth(&bucket[k])).unwrap_or(0)
            }
        };
        let old = bucket[slot];
        let same = old.check == check;
        let mv = mv.or(if same { old.mv } else { None });
        let eval = if eval == NO_EVAL && same {
            old.eval
        } else {
            eval
        };
        bucket[slot] = Entry {
            check,
            mv,
            bound,
            score: to_tt(score, ply).clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16,
            eval,
            depth: depth.clamp(-100, 127) as i8,
            generation,
        };
    }
}

/// Mate scores are stored relative to the node, not the root.
#[inline]
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of `to_tt`.
#[inline]
pub(crate) fn from_tt(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}
