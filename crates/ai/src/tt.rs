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

#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Entry {
    pub key: u64,
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
}

/// A fixed-size, always-indexed-by-hash table of search results.
#[derive(Clone, Debug)]
pub(crate) struct Tt {
    entries: Vec<Entry>,
    mask: usize,
}

impl Tt {
    /// A table using about `megabytes` of memory (at least 1024 entries).
    pub fn new(megabytes: usize) -> Tt {
        let bytes = megabytes.clamp(1, 4096) * 1024 * 1024;
        let wanted = (bytes / core::mem::size_of::<Entry>()).max(1024);
        // Largest power of two not above `wanted`.
        let size = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Tt {
            entries: vec![Entry::default(); size],
            mask: size - 1,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.bound != Bound::None && e.key == key).then_some(e)
    }

    /// Stores a result; a deeper result for the same position is kept.
    #[inline]
    pub fn store(
        &mut self,
        key: u64,
        mv: Option<Move>,
        score: i32,
        depth: i32,
        bound: Bound,
        ply: usize,
    ) {
        let slot = &mut self.entries[key as usize & self.mask];
        if slot.key == key
            && slot.bound != Bound::None
            && i32::from(slot.depth) > depth
            && bound != Bound::Exact
        {
            return;
        }
        let mv = mv.or(if slot.key == key { slot.mv } else { None });
        *slot = Entry {
            key,
            mv,
            score: to_tt(score, ply),
            depth: depth.clamp(-100, 1000) as i16,
            bound,
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
