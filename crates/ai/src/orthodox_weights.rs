//! The weights of the 8×8 evaluation's terms (`orthodox.rs`), `[middle game, end game]`
//! in centipawns, fitted to self-play results by `examples/tune.rs` (written by it).

use crate::orthodox::TERMS;

/// The weights, group after group as in `orthodox::GROUPS`.
#[rustfmt::skip]
pub(crate) const WEIGHTS: [[i32; 2]; TERMS] = [
    // MATERIAL: a pawn, knight, bishop, rook, queen.
    [59, 109], [352, 264], [383, 266], [486, 540], [1003, 1008],
    // PLACEMENT: a pawn, knight, bishop, rook, queen, king on each square of a half board (rank from its own side × file from the nearer edge).
    [0, 0], [0, 0], [0, 0], [0, 0], [-14, 15], [15, 17], [3, 24], [11, 13],
    [-5, -1], [3, 22], [0, 11], [9, 25], [-19, 16], [16, 22], [14, 12], [24, 9],
    [10, 17], [-4, 24], [-9, 1], [25, -5], [11, 24], [32, 40], [-2, 29], [10, 41],
    [15, 8], [14, 39], [16, 35], [23, 51], [0, 0], [0, 0], [0, 0], [0, 0],
    [-7, -12], [-23, -22], [-11, -13], [-1, -12], [4, -3], [-8, -10], [-24, -7], [11, 4],
    [-17, -1], [-1, 6], [8, 14], [21, 1], [-4, 9], [5, 9], [13, 6], [32, 34],
    [0, -24], [10, 2], [0, 14], [32, 9], [-4, -5], [8, 7], [21, -1], [11, 3],
    [-12, -10], [-3, -3], [-2, 0], [10, -1], [-23, -28], [-12, -16], [-3, -1], [1, -5],
    [7, -10], [-16, -18], [-19, -11], [0, -6], [10, -3], [23, -1], [7, -5], [7, 26],
    [-27, -1], [27, -5], [4, -10], [5, 30], [-10, -6], [-7, 4], [10, 9], [15, -8],
    [7, 8], [1, 16], [4, 1], [20, -13], [-4, -3], [-9, 2], [8, -1], [11, 1],
    [5, 3], [3, -11], [-8, -7], [0, -7], [-7, -20], [-5, -9], [-5, -5], [-3, -3],
    [-8, -3], [-7, -2], [14, 7], [5, -14], [-26, -20], [-27, -18], [7, 5], [-25, -6],
    [-3, -6], [12, -13], [3, -9], [-4, -3], [4, -3], [-23, 2], [-9, -2], [0, -5],
    [-10, -2], [-3, 2], [-3, 5], [3, 7], [19, 4], [-2, -1], [7, 15], [5, 9],
    [17, 19], [2, 6], [12, 15], [14, 21], [7, 9], [-3, 2], [3, 6], [5, 14],
    [-23, -9], [-8, -1], [-11, -8], [1, -20], [7, 0], [10, -1], [-8, 3], [7, -3],
    [-12, -2], [-4, 7], [7, 13], [-8, 14], [1, -5], [0, 5], [4, 8], [-1, -9],
    [-3, 1], [7, 1], [15, 11], [9, 9], [-1, 2], [12, 7], [15, 10], [12, 9],
    [-15, -8], [4, 2], [5, 5], [6, 2], [4, -1], [8, 6], [6, 3], [6, 7],
    [-11, -43], [34, -18], [-9, 0], [-14, 24], [-8, -10], [-17, 0], [-36, 38], [-21, 38],
    [-44, -7], [-49, 15], [-56, 24], [-62, 32], [-75, 4], [-74, 17], [-87, 14], [-83, -13],
    [-103, 8], [-104, 20], [-117, 4], [-119, -65], [-131, -2], [-133, 15], [-151, -5], [-151, -40],
    [-165, -16], [-164, -1], [-179, 8], [-179, 13], [-197, -37], [-195, -15], [-210, -4], [-210, 1],
    // KNIGHT_MOBILITY: a knight reaching 0..8 squares that hold no man of its side nor an enemy pawn's target.
    [-39, -23], [-14, -20], [-6, -11], [2, -2], [1, 12], [2, 29], [15, 15], [32, 9],
    [39, -66],
    // BISHOP_MOBILITY: a bishop reaching 0..13 such squares.
    [-35, -27], [-12, -31], [-8, -4], [-5, 21], [6, 16], [0, 26], [9, 15], [-3, -1],
    [12, 6], [24, -6], [20, 15], [22, -33], [26, 18], [24, -50],
    // ROOK_MOBILITY: a rook reaching 0..14 such squares.
    [-35, -50], [-21, -45], [-16, -21], [-21, -3], [-16, -18], [-7, 2], [-9, 8], [3, 16],
    [5, 23], [14, 22], [14, 23], [34, 22], [15, 24], [18, 22], [9, 16],
    // QUEEN_MOBILITY: a queen reaching 0..27 such squares.
    [-12, -14], [-19, -15], [-16, -12], [-7, -10], [-10, -13], [-3, -7], [-12, -6], [-2, -5],
    [-1, -9], [1, 0], [5, 2], [-1, 8], [-4, 3], [-4, 0], [11, 7], [18, 13],
    [10, 13], [12, 14], [7, 9], [8, 7], [8, 9], [10, 8], [10, 10], [10, 9],
    [11, 10], [12, 12], [13, 13], [14, 13],
    // BISHOP_PAIR: two bishops or more.
    [11, 105],
    // DOUBLED_PAWN: a pawn with a pawn of its side ahead on its file.
    [-3, -15],
    // ISOLATED_PAWN: a pawn without a pawn of its side on the files beside.
    [-2, -11],
    // PROTECTED_PAWN: a pawn defended by a pawn of its side.
    [7, -9],
    // PASSED_PAWN: a passed pawn on each rank from its own side.
    [0, 0], [-5, 14], [-3, 31], [-3, 55], [33, 74], [51, 104], [96, 172], [0, 0],
    // ROOK_OPEN_FILE: a rook on a file without pawns.
    [28, 20],
    // ROOK_HALF_OPEN_FILE: a rook on a file with enemy pawns only.
    [12, 26],
    // KING_SHIELD: a pawn of the king's side next to it, at most three.
    [11, 12],
    // KING_ATTACK: two or more men attacking the squares around the enemy king, by their summed weight (queen 4, rook 3, minor 2).
    [0, 0], [0, 0], [12, 0], [30, 0], [66, -22], [69, -13], [72, 12], [146, 10],
    [196, -1], [242, 4], [275, -3], [319, 0],
    // PAWN_THREAT: a man other than a pawn attacked by an enemy pawn.
    [-52, -26],
    // TEMPO: the side to move.
    [13, -5],
    // THREAT: an enemy pawn, knight, bishop, rook or queen attacked by a minor, a rook, a queen or the king of the side, when it is undefended or worth more than its attacker (attacker × victim).
    [12, 35], [11, 4], [6, 4], [41, 22], [22, 4], [0, 30], [8, 8], [4, 2],
    [-1, 2], [19, 3], [19, 16], [8, 1], [13, 1], [17, 8], [-3, -3], [14, 53],
    [4, 11], [2, 7], [3, 26], [0, 0],
    // SAFE_CHECK: a square from which a knight, bishop, rook or queen of the side could check the enemy king, not attacked by the enemy nor held by the side.
    [58, -28], [30, -23], [68, -59], [48, 16],
];
