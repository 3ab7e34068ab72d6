//! Magic bitboards for the 8×8 board: slider attacks by one multiplication
//! and one table lookup.
//!
//! The multipliers below were found by `random sparse u64 until the
//! occupancy subsets of each square map without a harmful collision` (the
//! classic "fancy magic" search, run once offline); [`build`] checks every
//! entry against the ray-walking attacks, so a wrong constant fails loudly
//! at table construction and in the tests, never silently.

use crate::bits::Bits;
use crate::geometry::{Board8, SquareMap, Tables};
use crate::square::Square;

/// One square's magic: mask the occupancy, multiply, shift, look up.
#[derive(Clone, Copy, Debug, Default)]
pub struct Magic {
    pub(crate) mask: u64,
    pub(crate) magic: u64,
    pub(crate) shift: u32,
    pub(crate) offset: u32,
}

/// Builds the magic entries (rooks at 0..64, bishops at 64..128) and their
/// shared attack table from the ray-walking attacks of `t`.
pub(crate) fn build(t: &Tables<Board8>) -> (SquareMap<Magic>, Vec<u64>) {
    let mut magics = Vec::with_capacity(128);
    let mut table = Vec::new();
    for (rook, constants) in [(true, &ROOK_MAGICS), (false, &BISHOP_MAGICS)] {
        let directions: [usize; 4] = if rook { [0, 1, 4, 5] } else { [2, 3, 6, 7] };
        for index in 0..64u8 {
            let sq = Square::from_index(index);
            // Relevant occupancy: each ray without its last (edge) square.
            let mask = directions.iter().fold(0u64, |acc, &d| {
                let ray = t.rays[d][sq.usize()];
                if ray == 0 {
                    acc
                } else {
                    let edge = if d < 4 { ray.last() } else { ray.first() };
                    acc | (ray & !u64::from_square(edge))
                }
            });
            let bits = mask.count_ones();
            let entry = Magic {
                mask,
                magic: constants[sq.usize()],
                shift: 64 - bits,
                offset: table.len() as u32,
            };
            table.resize(table.len() + (1 << bits), u64::MAX);
            // Every subset of the mask (Carry-Rippler enumeration).
            let mut subset = 0u64;
            loop {
                let attacks = if rook {
                    t.classical_rook_attacks(sq, subset)
                } else {
                    t.classical_bishop_attacks(sq, subset)
                };
                let slot = entry.offset as usize
                    + (subset.wrapping_mul(entry.magic) >> entry.shift) as usize;
                assert!(
                    table[slot] == u64::MAX || table[slot] == attacks,
                    "magic constant for square {index} collides"
                );
                table[slot] = attacks;
                subset = subset.wrapping_sub(mask) & mask;
                if subset == 0 {
                    break;
                }
            }
            magics.push(entry);
        }
    }
    (SquareMap::from_fn(128, |sq| magics[sq.usize()]), table)
}

pub(crate) const ROOK_MAGICS: [u64; 64] = [
    0x008000908064C000,
    0x0040200040001000,
    0x0180100080A0010A,
    0x8880041000800800,
    0x1200100201200804,
    0x0200020004011008,
    0x2180010000800600,
    0x0200005088210204,
    0x0400800040008021,
    0x0400400020005000,
    0x8240801000200080,
    0x8611001004200900,
    0x008180800C001800,
    0x0100800200800400,
    0x0A02000102000408,
    0x8020802300104280,
    0x0080004000402000,
    0xE010104000402000,
    0x0800808010002000,
    0xA280210008100100,
    0x0001818014000800,
    0xA002010100080400,
    0x0080240001020870,
    0x0001020004048845,
    0x0081826280004004,
    0x2020810900284000,
    0x0200100080802000,
    0x0200080080100080,
    0x8083080100100500,
    0x4406000901000400,
    0x0005020080800100,
    0x0090204200008114,
    0x0010400094800420,
    0x0900804000802002,
    0x0201001841002000,
    0x4100080080801000,
    0x4540040080800800,
    0x0002001004040020,
    0x0281195814001002,
    0x1240800040800100,
    0x0880042000524004,
    0x02C080410206002C,
    0x0801200241050010,
    0x8400080010008080,
    0x0008000500090010,
    0x0082009084020008,
    0x4012000108020004,
    0x9000104D08860004,
    0x2004204114800100,
    0x0148802112400300,
    0x0202842000100880,
    0x001B080080900080,
    0x001A002008100600,
    0x0004008004020080,
    0x5181000600040300,
    0x0000044401128A00,
    0x8044110480002441,
    0x2008110084402202,
    0x90806005090010C1,
    0x000420310A004A42,
    0x0023001004020801,
    0x0882001008040102,
    0x000230088118020C,
    0x0000019025040042,
];
pub(crate) const BISHOP_MAGICS: [u64; 64] = [
    0x0045010808008680,
    0x2002080204004898,
    0x0210009A10400006,
    0x0824050200810200,
    0x0006061105004090,
    0x00010108C0000000,
    0x0814040282104004,
    0x0012012201106800,
    0x10823014100C1040,
    0x0080C2088802808C,
    0x0281108410404000,
    0x0101212041826200,
    0x0020141028221058,
    0x2201020202200202,
    0x000082A801482000,
    0x0000008401411044,
    0x0007103014300404,
    0x0002091110010100,
    0x42140012040C0808,
    0x0800808802004020,
    0x90C4004210140000,
    0x0800200900A01000,
    0x00D0400201108810,
    0x80820183814412A0,
    0x00A01008202202B4,
    0x01C2021A09500402,
    0x0084440208042400,
    0x800400400C090100,
    0xBA10040010802100,
    0xD182009006005000,
    0x5011021001009004,
    0x0020420200510400,
    0x0292104000468800,
    0x00043009091C0500,
    0x0280441000020025,
    0x0042820080080080,
    0x0440101010010040,
    0x1000900100808080,
    0x0108108120089800,
    0x0044010200012682,
    0xC002500420900400,
    0x0040482210710800,
    0x0002060024000200,
    0x0281020A44000800,
    0xA0021200A4000200,
    0x0001301000840840,
    0x2868500108444220,
    0x0004111041000200,
    0x8044020842080200,
    0x0000220104210200,
    0x0000021201044000,
    0x0000280884040028,
    0x4012114010858003,
    0x0000081004082B88,
    0x3892700508208002,
    0x00220A041B060400,
    0x0812020284014881,
    0x010434A282103100,
    0x0490400824020800,
    0x4A20002C00208800,
    0x000000A011020200,
    0x4002940A02482202,
    0x5100100202140406,
    0x02102000840540C1,
];
