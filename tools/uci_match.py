#!/usr/bin/env python3
"""Rates boomchess levels against Stockfish through UCI (python-chess).

Orthodox chess (a Beirut position without bomb carriers, docs/rules.md §4):
boomchess at a given Level against Stockfish with UCI_LimitStrength at a
few UCI_Elo settings, at a fixed time per move, colours alternating. Prints
each pairing's score and the rating estimate it implies,
    elo = stockfish_elo + 400 * log10(score / (1 - score)),
and the estimate from all pairings of a level together (their mean, weighted
by games; a 0 % or 100 % score is clamped to half a game).

    pip install chess==1.11.2 && apt-get install stockfish
    cargo build --release -p boomchess-cli
    python3 tools/uci_match.py --levels 4 8 --elos 1350 1500 1700 --games 20 --movetime 0.1

Needs: python-chess (PyPI `chess`), Debian's `stockfish` (UCI_Elo 1350..2850).
"""

import argparse
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


def rating(opponent, score, games):
    clamped = min(max(score, 0.5 / games), 1 - 0.5 / games)
    return opponent + 400 * math.log10(clamped / (1 - clamped))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--levels", type=int, nargs="+", default=[4, 8])
    p.add_argument("--elos", type=int, nargs="+", default=[1350, 1500, 1700])
    p.add_argument("--games", type=int, default=20, help="games per pairing")
    p.add_argument("--movetime", type=float, default=0.1, help="seconds per move")
    p.add_argument("--stockfish", default="/usr/games/stockfish")
    args = p.parse_args()
    if not os.path.exists(BOOMCHESS):
        sys.exit("build first: cargo build --release -p boomchess-cli")

    for level in args.levels:
        total_games, weighted = 0, 0.0
        for elo in args.elos:
            ours = chess.engine.SimpleEngine.popen_uci([BOOMCHESS, "uci"])
            ours.configure({"Level": level})
            sf = chess.engine.SimpleEngine.popen_uci(args.stockfish)
            sf.configure({"UCI_LimitStrength": True, "UCI_Elo": elo, "Threads": 1, "Hash": 16})
            points = 0.0
            for g in range(args.games):
                opening = OPENINGS[(g // 2) % len(OPENINGS)]
                if g % 2 == 0:
                    points += play(opening, ours, sf, args.movetime)
                else:
                    points += 1.0 - play(opening, sf, ours, args.movetime)
            ours.quit()
            sf.quit()
            score = points / args.games
            estimate = rating(elo, score, args.games)
            total_games += args.games
            weighted += estimate * args.games
            print(f"level {level} vs stockfish UCI_Elo {elo}: {points:.1f}/{args.games} "
                  f"({100 * score:.0f} %) -> {estimate:.0f}", flush=True)
        print(f"level {level}: estimated rating {weighted / total_games:.0f} "
              f"({total_games} games, {args.movetime:.2f} s/move)", flush=True)


if __name__ == "__main__":
    main()
