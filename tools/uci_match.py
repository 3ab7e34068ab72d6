#!/usr/bin/env python3
"""Rates boomchess levels against Stockfish through UCI (python-chess).

Orthodox chess (a Beirut position without bomb carriers, docs/rules.md §4):
boomchess at a given Level against Stockfish with UCI_LimitStrength at a
few UCI_Elo settings, at a fixed time per move, colours alternating, from
fifty balanced openings. Prints each pairing's score, and for each level the
maximum-likelihood rating from all its games with its 95 % interval:

    expected score against an opponent rated e: 1 / (1 + 10^((e - R) / 400))

R maximises the likelihood of the scores (a draw is half a point); the
interval is R ± 1.96 standard errors, the error from the scores' observed
spread (draws make it narrower than the win/loss count alone).

    pip install chess==1.11.2 && apt-get install stockfish
    cargo build --release -p boomchess-cli
    python3 tools/uci_match.py --levels 4 8 --elos 1350 1500 1700 --games 20 --movetime 0.1

`--level 0` is the unrestricted engine (neither Level nor UCI_LimitStrength
set). With `--opponent PATH`, each level plays the same level of another
boomchess binary instead (an A/B match between two builds; the rating is
then relative to the opponent, 0 = equal). `--jobs N` plays N games at a
time (each engine is single-threaded: on a 2-core machine use 1 for ratings,
since a game's two engines think in turn and a second game would share the
cores).

Games are adjudicated as fishtest's are (a win when both engines report
1000 cp or more for one side on three moves each in a row, a draw from move 40
when both report within 10 cp of equal on eight moves each);
`--no-adjudication` plays them out. `--pgn FILE` keeps the games.

Needs: python-chess (PyPI `chess`), Debian's `stockfish` (UCI_Elo 1350..2850).
"""

import argparse
import concurrent.futures
import math
import os
import sys
import threading

import chess
import chess.engine
import chess.pgn

PGN_LOCK = threading.Lock()
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOOMCHESS = os.environ.get("BOOMCHESS", os.path.join(ROOT, "target", "release", "boomchess"))

# Balanced, varied openings (2 to 5 plies of well-known lines) so the games differ: an A/B
# match of two deterministic builds would otherwise replay the same few games.
OPENINGS = [
    "e2e4 e7e5", "d2d4 d7d5", "c2c4 e7e5", "g1f3 d7d5", "e2e4 c7c5",
    "d2d4 g8f6", "e2e4 e7e6", "e2e4 c7c6", "c2c4 c7c5", "d2d4 f7f5",
    "e2e4 e7e5 g1f3 b8c6 f1b5", "e2e4 e7e5 g1f3 b8c6 f1c4", "e2e4 c7c5 g1f3 d7d6",
    "e2e4 c7c5 b1c3", "e2e4 c7c5 g1f3 b8c6", "e2e4 c7c5 g1f3 e7e6", "e2e4 e7e6 d2d4 d7d5",
    "e2e4 c7c6 d2d4 d7d5", "e2e4 d7d6 d2d4 g8f6", "e2e4 g7g6 d2d4 f8g7", "e2e4 d7d5 e4d5 d8d5",
    "e2e4 g8f6 e4e5 f6d5", "e2e4 e7e5 f2f4", "e2e4 e7e5 b1c3", "e2e4 e7e5 g1f3 g8f6",
    "d2d4 d7d5 c2c4 e7e6", "d2d4 d7d5 c2c4 c7c6", "d2d4 d7d5 c2c4 d5c4", "d2d4 g8f6 c2c4 e7e6",
    "d2d4 g8f6 c2c4 g7g6", "d2d4 g8f6 c2c4 c7c5", "d2d4 g8f6 g1f3 e7e6", "d2d4 f7f5 g2g3",
    "d2d4 d7d5 g1f3 g8f6", "d2d4 g8f6 c1g5", "d2d4 e7e6 c2c4 f8b4", "c2c4 e7e5 b1c3 g8f6",
    "c2c4 c7c5 g1f3 g8f6", "c2c4 g8f6 b1c3 e7e6", "c2c4 e7e6 b1c3 d7d5", "g1f3 d7d5 g2g3",
    "g1f3 g8f6 c2c4 g7g6", "g2g3 d7d5 f1g2", "b2b3 e7e5 c1b2", "f2f4 d7d5 g1f3",
    "e2e4 e7e5 d2d4 e5d4", "e2e4 c7c5 c2c3", "e2e4 b8c6", "d2d4 d7d6 e2e4", "e2e4 e7e5 g1f3 d7d6",
]


# Adjudication, as in fishtest's cutechess settings: a game ends as a win when both engines
# have reported at least RESIGN_CP for the same side on RESIGN_MOVES moves each in a row, and as
# a draw from move DRAW_FROM when both have reported within DRAW_CP of equal on DRAW_MOVES moves
# each in a row. It spares the minutes a decided game would take at 1 s a move.
RESIGN_CP, RESIGN_MOVES = 1000, 3
DRAW_FROM, DRAW_CP, DRAW_MOVES = 40, 10, 8


def play(board_moves, white, black, movetime, max_plies=300, adjudicate=True):
    """White's score in one game from the opening `board_moves`, and the game's moves."""
    board = chess.Board()
    for uci in board_moves.split():
        board.push_uci(uci)
    engines = {chess.WHITE: white, chess.BLACK: black}
    scores = []  # White's view of each move's reported score, in centipawns
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        result = engines[board.turn].play(board, chess.engine.Limit(time=movetime),
                                          info=chess.engine.INFO_SCORE)
        if result.move is None:
            break
        score = result.info.get("score")
        scores.append(None if score is None else score.white().score(mate_score=100000))
        board.push(result.move)
        if adjudicate:
            verdict = adjudication(scores, board.fullmove_number)
            if verdict is not None:
                return verdict, board
    outcome = board.outcome(claim_draw=True)
    if outcome is None or outcome.winner is None:
        return 0.5, board
    return (1.0 if outcome.winner == chess.WHITE else 0.0), board


def adjudication(scores, move_number):
    """White's score if the reported scores decide the game, else None."""
    last = scores[-2 * RESIGN_MOVES:]
    if len(last) == 2 * RESIGN_MOVES and None not in last:
        if all(s >= RESIGN_CP for s in last):
            return 1.0
        if all(s <= -RESIGN_CP for s in last):
            return 0.0
    last = scores[-2 * DRAW_MOVES:]
    if (move_number >= DRAW_FROM and len(last) == 2 * DRAW_MOVES and None not in last
            and all(abs(s) <= DRAW_CP for s in last)):
        return 0.5
    return None


def boomchess(path, level):
    engine = chess.engine.SimpleEngine.popen_uci([path, "uci"])
    if level > 0:
        engine.configure({"Level": level})
    return engine


def expected(rating, opponent):
    return 1.0 / (1.0 + 10.0 ** ((opponent - rating) / 400.0))


def estimate(results):
    """Maximum-likelihood rating and its standard error from (opponent, score) pairs."""
    n = len(results)
    mean = sum(s for _, s in results) / n
    clamped = mean <= 0.0 or mean >= 1.0
    if clamped:
        # No finite maximum: clamp the total to half a game from the edge.
        shift = (0.5 / n) * (1 if mean <= 0.0 else -1)
        results = [(e, min(max(s + shift, 0.0), 1.0)) for e, s in results]
    rating = sum(e for e, _ in results) / n
    k = math.log(10) / 400.0
    for _ in range(100):
        # Newton's method on the log-likelihood's derivative.
        grad = sum(s - expected(rating, e) for e, s in results) * k
        info = sum(expected(rating, e) * (1 - expected(rating, e)) for e, _ in results) * k * k
        step = grad / info
        rating += step
        if abs(step) < 1e-6:
            break
    model = sum(expected(rating, e) * (1 - expected(rating, e)) for e, _ in results) / n
    # The scores' spread against the model's (win or loss only); a clamped edge has none.
    residual = sum((s - expected(rating, e)) ** 2 for e, s in results) / n
    spread = 1.0 if clamped else residual / model
    error = math.sqrt(spread / (n * model * k * k))
    return rating, error


def pairing(args, level, opponent_elo, game):
    """One game of `level` against the opponent, colours by the game's number: our score."""
    ours = boomchess(BOOMCHESS, level)
    if args.opponent:
        theirs = boomchess(args.opponent, level)
        their_name = f"{args.opponent} level {level}"
    else:
        theirs = chess.engine.SimpleEngine.popen_uci(args.stockfish)
        theirs.configure({"UCI_LimitStrength": True, "UCI_Elo": opponent_elo,
                          "Threads": 1, "Hash": 16})
        their_name = f"Stockfish UCI_Elo {opponent_elo}"
    our_name = f"boomchess level {level}" if level > 0 else "boomchess unrestricted"
    adjudicate = not args.no_adjudication
    try:
        opening = OPENINGS[(game // 2) % len(OPENINGS)]
        if game % 2 == 0:
            score, board = play(opening, ours, theirs, args.movetime, adjudicate=adjudicate)
            names = (our_name, their_name)
        else:
            white_score, board = play(opening, theirs, ours, args.movetime, adjudicate=adjudicate)
            score = 1.0 - white_score
            names = (their_name, our_name)
        if args.pgn:
            record(args.pgn, board, names, score if game % 2 == 0 else 1.0 - score)
        return score
    finally:
        ours.quit()
        theirs.quit()


def record(path, board, names, white_score):
    """Appends the game to a PGN file."""
    pgn = chess.pgn.Game.from_board(board)
    pgn.headers["White"], pgn.headers["Black"] = names
    pgn.headers["Result"] = {1.0: "1-0", 0.0: "0-1"}.get(white_score, "1/2-1/2")
    with PGN_LOCK, open(path, "a") as out:
        print(pgn, file=out, end="\n\n")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--levels", type=int, nargs="+", default=[4, 8],
                   help="levels to rate (0: unrestricted)")
    p.add_argument("--elos", type=int, nargs="+", default=[1350, 1500, 1700])
    p.add_argument("--games", type=int, default=20, help="games per pairing")
    p.add_argument("--movetime", type=float, default=0.1, help="seconds per move")
    p.add_argument("--stockfish", default="/usr/games/stockfish")
    p.add_argument("--opponent", help="another boomchess binary to play instead of Stockfish")
    p.add_argument("--jobs", type=int, default=1, help="games played at a time")
    p.add_argument("--pgn", help="append every game to this PGN file")
    p.add_argument("--no-adjudication", action="store_true",
                   help="play every game out (to mate, a draw rule or 300 plies)")
    args = p.parse_args()
    if not os.path.exists(BOOMCHESS):
        sys.exit("build first: cargo build --release -p boomchess-cli")
    elos = [0] if args.opponent else args.elos
    against = "the opponent binary" if args.opponent else "stockfish UCI_Elo"

    for level in args.levels:
        name = f"level {level}" if level > 0 else "unrestricted"
        results = []
        for elo in elos:
            with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
                scores = list(pool.map(lambda g: pairing(args, level, elo, g),
                                       range(args.games)))
            results.extend((elo, s) for s in scores)
            points = sum(scores)
            wins = sum(1 for s in scores if s == 1.0)
            losses = sum(1 for s in scores if s == 0.0)
            draws = len(scores) - wins - losses
            print(f"{name} vs {against} {elo}: {points:.1f}/{args.games} "
                  f"(+{wins} ={draws} -{losses}, {100 * points / args.games:.0f} %)", flush=True)
        rating, error = estimate(results)
        total = sum(s for _, s in results)
        print(f"{name}: rating {rating:.0f}, 95 % interval {rating - 1.96 * error:.0f} to "
              f"{rating + 1.96 * error:.0f} ({len(results)} games, score {total:.1f}, "
              f"{args.movetime:.2f} s/move)", flush=True)


if __name__ == "__main__":
    main()
