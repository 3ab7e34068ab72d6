//! The 8×8 evaluation's judgement of the men's placement as a small neural network of the kind
//! chess engines call NNUE ("efficiently updatable"): every man on its square, seen from each
//! side, is an input; one hidden layer of [`HIDDEN`] units per side is the sum of the inputs'
//! weight rows (the *accumulator*), so a move changes it by a few rows instead of recomputing it;
//! the output weighs the squared, clipped units of the side to move and of the other side, plus
//! each man's direct share (its *material*: a value for each kind of man on each square, learnt
//! from the piece values up), which the hidden layer corrects. The direct share gives the network
//! the judgement of material a small set of games cannot teach it: it never meets most
//! imbalances the search does.
//!
//! The network is trained on the engine's own games (`examples/nnue.rs`: the positions of
//! self-play with the search's scores and the games' results) and shipped as
//! `network.bin`, whose weights are integers ([`encode`] writes them, [`Network::decode`] reads
//! them), so the engine computes exactly the same evaluation natively and in WebAssembly.

use boomchess_rules::{Bits, Color, Geometry, Position, Role};
use std::sync::OnceLock;

/// Inputs of one side's view: a man of either side (own, enemy) of each of six kinds on each
/// of 64 squares.
pub const INPUTS: usize = 2 * 6 * 64;
/// Hidden units of one side's view.
pub const HIDDEN: usize = 128;
/// The first layer's weights and the accumulators count in units of `1 / QA`; a unit's
/// activation is clipped to `0..=QA` (that is, 0 to 1).
pub const QA: i32 = 255;
/// The output weights count in units of `1 / QB`.
pub const QB: i32 = 64;
/// Centipawns per unit of the network's output.
pub const SCALE: i32 = 400;
/// The largest first-layer weight and output weight, as real numbers: the trainer keeps the
/// weights within them. A first-layer weight is stored in eight bits (127 / QA; trained weights
/// stay well inside it), which halves the network the browser downloads.
pub const WEIGHT_LIMIT: f32 = 127.0 / QA as f32;
/// See [`WEIGHT_LIMIT`]: a clipped unit times an output weight fits 16 bits (255 × 128).
pub const OUTPUT_LIMIT: f32 = 2.0;

const MAGIC: &[u8; 4] = b"BNN3";

/// The input of a man of `color` and `role` (king to pawn) on square `index` (`rank * 8 +
/// file`) in the view of `perspective`: men are "own" or "enemy", and Black sees the board
/// upside down, so both sides' views share one set of weights.
#[inline]
pub fn feature(perspective: Color, color: Color, role: Role, index: usize) -> usize {
    let relative = usize::from(color != perspective);
    let square = match perspective {
        Color::White => index,
        Color::Black => index ^ 56,
    };
    (relative * 6 + role.index()) * 64 + square
}

/// The six kinds of men of an 8×8 game: the rules' roles before the 10×10 games' missile and
/// bomber, in index order (so `role.index()` is a man's place among them).
const ROLES: &[Role] = Role::ALL.split_at(6).0;

/// The inputs of `pos` (an 8×8 position) in the view of `perspective`, as [`feature`] numbers
/// them.
pub fn features<G: Geometry>(
    pos: &Position<G>,
    perspective: Color,
) -> impl Iterator<Item = usize> + '_ {
    Color::ALL.into_iter().flat_map(move |color| {
        ROLES.iter().flat_map(move |&role| {
            (pos.by_color(color) & pos.by_role(role))
                .squares()
                .map(move |sq| feature(perspective, color, role, sq.usize()))
        })
    })
}

/// Writes a network's real-valued weights as the integers the engine reads: `first` is
/// `INPUTS × HIDDEN` (row by input), `material` one number an input (in units of the output),
/// `bias` `HIDDEN`, `output` `2 × HIDDEN` (the side to move's units first), `output_bias` one
/// number.
pub fn encode(
    first: &[f32],
    material: &[f32],
    bias: &[f32],
    output: &[f32],
    output_bias: f32,
) -> Vec<u8> {
    assert_eq!(first.len(), INPUTS * HIDDEN, "first layer");
    assert_eq!(material.len(), INPUTS, "material");
    assert_eq!(bias.len(), HIDDEN, "first layer's bias");
    assert_eq!(output.len(), 2 * HIDDEN, "output layer");
    let quantise =
        |w: f32, scale: i32, limit: i32| ((w * scale as f32).round() as i32).clamp(-limit, limit);
    let mut bytes = MAGIC.to_vec();
    bytes.extend((HIDDEN as u16).to_le_bytes());
    bytes.extend(first.iter().map(|&w| quantise(w, QA, 127) as i8 as u8));
    // Within ±64 (25,600 centipawns) a man, so that 32 of them fit 32 bits.
    for &m in material {
        bytes.extend(quantise(m, QA * QB, 64 * QA * QB).to_le_bytes());
    }
    // A bias within ±32 leaves the accumulators room for 32 men's rows in 16 bits.
    for &b in bias {
        bytes.extend((quantise(b, QA, 32 * QA) as i16).to_le_bytes());
    }
    let output_limit = (OUTPUT_LIMIT * QB as f32) as i32;
    for &w in output {
        bytes.extend((quantise(w, QB, output_limit) as i16).to_le_bytes());
    }
    bytes.extend(quantise(output_bias, QA * QB, i32::MAX).to_le_bytes());
    bytes
}

/// A network's integer weights.
#[derive(Clone, Debug)]
pub struct Network {
    first: Vec<i16>,
    material: Vec<i32>,
    bias: [i16; HIDDEN],
    output: [i16; 2 * HIDDEN],
    output_bias: i32,
}

/// One side's view of a position: the hidden units before clipping, and the sum of the men's
/// direct shares.
#[derive(Clone, Copy, Debug)]
struct View {
    units: [i16; HIDDEN],
    material: i32,
}

impl Network {
    /// Reads a network [`encode`] wrote; an error says what is wrong with the bytes.
    pub fn decode(bytes: &[u8]) -> Result<Network, String> {
        let expected = 4 + 2 + INPUTS * HIDDEN + 4 * INPUTS + 2 * HIDDEN + 2 * 2 * HIDDEN + 4;
        if bytes.len() != expected || &bytes[..4] != MAGIC {
            return Err(format!(
                "not a network of {HIDDEN} hidden units ({} bytes, expected {expected} starting with BNN3)",
                bytes.len()
            ));
        }
        if u16::from_le_bytes([bytes[4], bytes[5]]) as usize != HIDDEN {
            return Err(format!("the network's hidden layer is not {HIDDEN} units"));
        }
        let i16s = |from: usize, n: usize| -> Vec<i16> {
            bytes[from..from + 2 * n]
                .chunks_exact(2)
                .map(|c| i16::from_le_bytes([c[0], c[1]]))
                .collect()
        };
        let i32s = |from: usize, n: usize| -> Vec<i32> {
            bytes[from..from + 4 * n]
                .chunks_exact(4)
                .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect()
        };
        let mut at = 6;
        let first = bytes[at..at + INPUTS * HIDDEN]
            .iter()
            .map(|&b| i16::from(b as i8))
            .collect();
        at += INPUTS * HIDDEN;
        let material = i32s(at, INPUTS);
        at += 4 * INPUTS;
        let mut bias = [0; HIDDEN];
        bias.copy_from_slice(&i16s(at, HIDDEN));
        at += 2 * HIDDEN;
        let mut output = [0; 2 * HIDDEN];
        output.copy_from_slice(&i16s(at, 2 * HIDDEN));
        at += 4 * HIDDEN;
        Ok(Network {
            first,
            material,
            bias,
            output,
            output_bias: i32s(at, 1)[0],
        })
    }

    /// The network the engine plays with.
    pub fn shipped() -> &'static Network {
        static NETWORK: OnceLock<Network> = OnceLock::new();
        NETWORK.get_or_init(|| {
            Network::decode(include_bytes!("network.bin")).expect("the shipped network")
        })
    }

    /// A view with no men.
    fn empty_view(&self) -> View {
        View {
            units: self.bias,
            material: 0,
        }
    }

    /// Adds the man of `input` to `view`, or takes it away.
    #[inline]
    fn change(&self, view: &mut View, input: usize, add: bool) {
        let row = self.row(input);
        if add {
            view.units.iter_mut().zip(row).for_each(|(a, &w)| *a += w);
            view.material += self.material[input];
        } else {
            view.units.iter_mut().zip(row).for_each(|(a, &w)| *a -= w);
            view.material -= self.material[input];
        }
    }

    /// `view` becomes `source` with the man of `input` added, or taken away: one pass instead of
    /// a copy and a change (WebAssembly copies through a call).
    #[inline]
    fn changed_from(&self, view: &mut View, source: &View, input: usize, add: bool) {
        let (row, units) = (self.row(input), view.units.iter_mut().zip(&source.units));
        if add {
            units.zip(row).for_each(|((a, &b), &w)| *a = b + w);
            view.material = source.material + self.material[input];
        } else {
            units.zip(row).for_each(|((a, &b), &w)| *a = b - w);
            view.material = source.material - self.material[input];
        }
    }

    #[inline]
    fn row(&self, input: usize) -> &[i16] {
        &self.first[input * HIDDEN..(input + 1) * HIDDEN]
    }

    /// The evaluation in centipawns for the side to move, from both sides' views.
    #[inline]
    fn output(&self, ours: &View, theirs: &View) -> i32 {
        // A clipped unit times its weight fits 16 bits (255 × 128), and the sum of 256 products
        // with the unit again fits 32.
        let sum = output_half(&ours.units, &self.output[..HIDDEN])
            + output_half(&theirs.units, &self.output[HIDDEN..]);
        // `sum` counts in QA² × QB, the bias and the material in QA × QB.
        let out = i64::from(sum / QA)
            + i64::from(self.output_bias)
            + (i64::from(ours.material) - i64::from(theirs.material)) / 2;
        (out * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }

    /// The evaluation of `pos` for the side to move, computed from scratch.
    #[cfg_attr(
        all(feature = "simd", target_arch = "wasm32"),
        target_feature(enable = "simd128")
    )]
    pub fn evaluate<G: Geometry>(&self, pos: &Position<G>) -> i32 {
        let mut views = [self.empty_view(); 2];
        for perspective in Color::ALL {
            for input in features(pos, perspective) {
                self.change(&mut views[perspective.index()], input, true);
            }
        }
        let us = pos.turn().index();
        self.output(&views[us], &views[1 - us])
    }
}

/// The men of a position by `[color × 6 + kind]`, what an accumulator was computed for.
type Men<G> = [<G as Geometry>::Bits; 12];

fn men<G: Geometry>(pos: &Position<G>) -> Men<G> {
    let mut men = [G::Bits::EMPTY; 12];
    for color in Color::ALL {
        let own = pos.by_color(color);
        for (k, &role) in ROLES.iter().enumerate() {
            men[color.index() * 6 + k] = own & pos.by_role(role);
        }
    }
    men
}

/// Both sides' views of the men it counts.
#[derive(Clone, Debug)]
struct Slot<G: Geometry> {
    men: Men<G>,
    views: [View; 2],
    valid: bool,
}

/// The search's accumulators, one a ply. A position is evaluated by updating the accumulator of
/// whichever nearby ply (its own, its parent's, its grandparent's) differs from it by the fewest
/// men: whatever position a slot last held, the update from it is exact, so no move needs to be
/// told about; a position far from all of them is counted afresh.
#[derive(Clone, Debug)]
pub(crate) struct Accumulators<G: Geometry> {
    network: &'static Network,
    slots: Vec<Slot<G>>,
}

impl<G: Geometry> Accumulators<G> {
    /// Accumulators for `plies` plies of search with the shipped network.
    pub fn new(plies: usize) -> Self {
        Self::with(Network::shipped(), plies)
    }

    /// Accumulators for `plies` plies of search with `network`.
    fn with(network: &'static Network, plies: usize) -> Self {
        Accumulators {
            network,
            slots: vec![
                Slot {
                    men: [G::Bits::EMPTY; 12],
                    views: [network.empty_view(); 2],
                    valid: false,
                };
                plies
            ],
        }
    }

    /// The network's evaluation of `pos`, met at `ply`, for the side to move. (With the `simd`
    /// feature, in WebAssembly, its sums are in SIMD: the rows and units it adds are inlined.)
    #[cfg_attr(
        all(feature = "simd", target_arch = "wasm32"),
        target_feature(enable = "simd128")
    )]
    pub fn evaluate(&mut self, pos: &Position<G>, ply: usize) -> i32 {
        let ply = ply.min(self.slots.len() - 1);
        let now = men(pos);
        // Squares whose man differs: a move changes two (four castling, nine or so a blast).
        let changed = |slot: &Slot<G>| -> u32 {
            slot.men
                .iter()
                .zip(&now)
                .fold(G::Bits::EMPTY, |acc, (&a, &b)| acc | (a ^ b))
                .count()
        };
        // Counting afresh adds a row for every man; an update, one or two for every change.
        let mut best = (None, pos.occupied().count() / 2);
        for from in [ply.wrapping_sub(1), ply, ply.wrapping_sub(2)] {
            if let Some(slot) = self.slots.get(from).filter(|s| s.valid) {
                let d = changed(slot);
                if d < best.1 {
                    best = (Some(from), d);
                }
            }
        }
        let network = self.network;
        match best.0 {
            Some(from) if from == ply => {
                let Slot { men, views, .. } = &mut self.slots[ply];
                update::<G>(network, views, None, men, &now);
            }
            Some(from) => {
                let (source, slot) = source_and_target(&mut self.slots, from, ply);
                update::<G>(
                    network,
                    &mut slot.views,
                    Some(&source.views),
                    &source.men,
                    &now,
                );
            }
            None => {
                let slot = &mut self.slots[ply];
                slot.views = [network.empty_view(); 2];
                for p in Color::ALL {
                    for input in features(pos, p) {
                        network.change(&mut slot.views[p.index()], input, true);
                    }
                }
            }
        }
        let slot = &mut self.slots[ply];
        // Counted again rather than copied from `now`: 96 bytes, which WebAssembly copies
        // through a call (see `Position::copied`).
        slot.men = men(pos);
        slot.valid = true;
        let us = pos.turn().index();
        network.output(&slot.views[us], &slot.views[1 - us])
    }
}

/// `views`, counted for the men `old` (or, given `source`, `source` is), updated to the men `now`.
/// With a `source`, its first change is made from it, so the views are not copied first.
#[cfg_attr(
    all(feature = "simd", target_arch = "wasm32"),
    target_feature(enable = "simd128")
)]
fn update<G: Geometry>(
    network: &Network,
    views: &mut [View; 2],
    mut source: Option<&[View; 2]>,
    old: &Men<G>,
    now: &Men<G>,
) {
    for (k, (&old, &new)) in old.iter().zip(now).enumerate() {
        if old == new {
            continue;
        }
        let (color, role) = (Color::ALL[k / 6], ROLES[k % 6]);
        let changes = (old & !new)
            .squares()
            .map(|sq| (sq, false))
            .chain((new & !old).squares().map(|sq| (sq, true)));
        for (sq, add) in changes {
            for p in Color::ALL {
                let (input, view) = (feature(p, color, role, sq.usize()), &mut views[p.index()]);
                match source {
                    Some(source) => network.changed_from(view, &source[p.index()], input, add),
                    None => network.change(view, input, add),
                }
            }
            source = None;
        }
    }
    if let Some(source) = source {
        *views = *source;
    }
}

/// The slot at `from`, to read, and the one at `to`, to write (`from != to`).
fn source_and_target<T>(slots: &mut [T], from: usize, to: usize) -> (&T, &mut T) {
    if from < to {
        let (low, high) = slots.split_at_mut(to);
        (&low[from], &mut high[0])
    } else {
        let (low, high) = slots.split_at_mut(from);
        (&high[0], &mut low[to])
    }
}

/// One side's share of the output: the sum over its units of the clipped unit squared times its
/// weight, the unit times the weight taken in 16 bits first (it fits: 255 × 128).
#[cfg(not(all(feature = "simd", target_arch = "wasm32")))]
#[inline]
fn output_half(units: &[i16; HIDDEN], weights: &[i16]) -> i32 {
    units
        .iter()
        .zip(weights)
        .map(|(&a, &w)| {
            let c = a.clamp(0, QA as i16);
            i32::from(c.wrapping_mul(w)) * i32::from(c)
        })
        .sum()
}

/// [`output_half`] eight units at a time with WebAssembly's SIMD: the compiler's own vectors
/// for it took four units at a time (each widened to 32 bits before its multiply), where
/// `i32x4.dot_i16x8_s` multiplies eight 16-bit pairs and adds them pairwise into four sums, as
/// x86's `pmaddwd` does natively.
#[cfg(all(feature = "simd", target_arch = "wasm32"))]
#[target_feature(enable = "simd128")]
fn output_half(units: &[i16; HIDDEN], weights: &[i16]) -> i32 {
    use core::arch::wasm32::{
        i16x8, i16x8_max, i16x8_min, i16x8_mul, i16x8_splat, i32x4_add, i32x4_dot_i16x8,
        i32x4_extract_lane, i32x4_splat,
    };
    let lanes = |s: &[i16]| i16x8(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]);
    let (zero, top) = (i16x8_splat(0), i16x8_splat(QA as i16));
    let mut sum = i32x4_splat(0);
    for (u, w) in units.chunks_exact(8).zip(weights.chunks_exact(8)) {
        let c = i16x8_min(i16x8_max(lanes(u), zero), top);
        sum = i32x4_add(sum, i32x4_dot_i16x8(i16x8_mul(c, lanes(w)), c));
    }
    i32x4_extract_lane::<0>(sum)
        + i32x4_extract_lane::<1>(sum)
        + i32x4_extract_lane::<2>(sum)
        + i32x4_extract_lane::<3>(sum)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rng;
    use boomchess_rules::{Board8, Options, Variant, VariantPosition};

    /// A network of random weights, each in its integer range.
    fn random_network(seed: u64) -> &'static Network {
        let mut rng = Rng::new(seed);
        let mut real = |n: usize, limit: f32| -> Vec<f32> {
            (0..n)
                .map(|_| (rng.unit() as f32 * 2.0 - 1.0) * limit)
                .collect()
        };
        let bytes = encode(
            &real(INPUTS * HIDDEN, WEIGHT_LIMIT),
            &real(INPUTS, 3.0),
            &real(HIDDEN, 0.5),
            &real(2 * HIDDEN, OUTPUT_LIMIT),
            real(1, 0.5)[0],
        );
        Box::leak(Box::new(Network::decode(&bytes).unwrap()))
    }

    fn position(fen: &str) -> Position<Board8> {
        match VariantPosition::from_fen(Variant::Beirut, Options::default(), fen).unwrap() {
            VariantPosition::Eight(p) => p,
            VariantPosition::Ten(_) => unreachable!(),
        }
    }

    /// The search meets positions in any order: deeper and shallower plies, siblings, a ply
    /// whose slot held some far-away position. Whatever the slots held, the update from them
    /// must give what counting the position afresh gives, explosions and castling included.
    #[test]
    fn incremental_evaluation_equals_counting_afresh() {
        let network = random_network(7);
        let mut accumulators = Accumulators::<Board8>::with(network, 8);
        let mut rng = Rng::new(11);
        let starts = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            // Carriers on both sides: booms empty 3×3 squares at once.
            "r1bqk2r/pp1n*bppp/2p1pn2/3p4/2PP4/2N1P*N2/PP3PPP/R1BQKB1R w KQkq - 0 7",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        ];
        let mut checked = 0;
        for fen in starts {
            for _ in 0..40 {
                let mut line = vec![position(fen)];
                for _ in 0..200 {
                    let ply = line.len() - 1;
                    let pos = line[ply];
                    assert_eq!(
                        accumulators.evaluate(&pos, ply),
                        network.evaluate(&pos),
                        "{}",
                        pos.fen()
                    );
                    checked += 1;
                    let mut moves = <Board8 as Geometry>::MoveList::default();
                    pos.legal_moves(&mut moves);
                    // Down a ply by a random move, or back up towards the root.
                    if moves.is_empty() || ply == 7 || (ply > 0 && rng.below(3) == 0) {
                        let up = 1 + rng.below(ply as u64 + 1) as usize;
                        line.truncate((line.len() - up).max(1));
                        continue;
                    }
                    let mut child = pos;
                    child.play_unchecked(moves[rng.below(moves.len() as u64) as usize]);
                    line.push(child);
                }
            }
        }
        assert!(checked > 20_000, "{checked} evaluations");
    }

    /// The same position seen by the side to move: White to move on a board is Black to move
    /// on the board turned upside down with the colours swapped.
    #[test]
    fn both_sides_are_judged_alike() {
        let network = random_network(3);
        let pairs = [(
            "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
            "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4",
        )];
        for (white, black) in pairs {
            assert_eq!(
                network.evaluate(&position(white)),
                network.evaluate(&position(black))
            );
        }
    }

    #[test]
    fn a_network_survives_writing_and_reading() {
        let first: Vec<f32> = (0..INPUTS * HIDDEN)
            .map(|i| (i % 255) as f32 / 127.0 - 1.0)
            .collect();
        let bias = vec![0.25; HIDDEN];
        let output: Vec<f32> = (0..2 * HIDDEN).map(|i| i as f32 / 128.0 - 1.0).collect();
        let material: Vec<f32> = (0..INPUTS).map(|i| i as f32 / 100.0).collect();
        let network = Network::decode(&encode(&first, &material, &bias, &output, -0.5)).unwrap();
        assert_eq!(network.row(0)[0], -127);
        assert_eq!(network.row(1)[0], 2);
        assert_eq!(network.bias[0], 64);
        assert_eq!(network.output[0], -64);
        assert_eq!(network.output_bias, -(QA * QB) / 2);
        assert_eq!(network.material[100], QA * QB);
        let bytes = encode(&first, &material, &bias, &output, -0.5);
        let error = Network::decode(&bytes[..bytes.len() - 1]).unwrap_err();
        assert!(error.contains("not a network"), "{error}");
    }
}
