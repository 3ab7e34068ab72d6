#!/usr/bin/env python3
"""Rates boomchess levels against Stockfish through UCI (python-chess).

Orthodox chess (a Beirut position without bomb carriers, docs/rules.md §4):
boomchess at a given Level against Stockfish with UCI_LimitStrength at a
few UCI_Elo settings, at a fixed time per move, colours alternating, from
ten balanced openings. Prints each pairing's score, and for each level the
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

Needs: python-chess (PyPI `chess`), Debian's `stockfish` (UCI_Elo 1350..2850).
"""

import argparse
import concurrent.futures
import math
import os
import sys

import chess
import chess.engine

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BOOMCHESS = os.environ.get("BOOMCHESS", os.path.join(ROOT, "target", "release", "boomchess"))

# Balanced, varied openings (after 2-4 plies) so the games differ.
OPENINGS = [
    "e2e4 e7e5", "d2d4 d7d5", "c2c4 e7e5", "g1f3 d7d5", "e2e4 c7c5",
    "d2d4 g8f6", "e2e4 e7e6", "e2e4 c7c6", "c2c4 c7c5", "d2d4 f7f5",
]


def play(board_moves, white, black, movetime, max_plies=300):
    """White's score in one game from the opening `board_moves`."""
    board = chess.Board()
    for uci in board_moves.split():
        board.push_uci(uci)
    engines = {chess.WHITE: white, chess.BLACK: black}
    while not board.is_game_over(claim_draw=True) and board.ply() < max_plies:
        result = engines[board.turn].play(board, chess.engine.Limit(time=movetime))
        if result.move is None:
            break
        board.push(result.move)
    outcome = board.outcome(claim_draw=True)
    if outcome is None or outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == chess.WHITE else 0.0


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
    else:
        theirs = chess.engine.SimpleEngine.popen_uci(args.stockfish)
        theirs.configure({"UCI_LimitStrength": True, "UCI_Elo": opponent_elo,
                          "Threads": 1, "Hash": 16})
    try:
        opening = OPENINGS[(game // 2) % len(OPENINGS)]
        if game % 2 == 0:
            return play(opening, ours, theirs, args.movetime)
        return 1.0 - play(opening, theirs, ours, args.movetime)
    finally:
        ours.quit()
        theirs.quit()


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
