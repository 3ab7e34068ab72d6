#!/usr/bin/env python3
"""Finds boomchess's worst moves in a PGN file of tools/uci_match.py games.

Stockfish at full strength, to a fixed depth, scores each position before and
after every move by the side whose player's name starts with "boomchess"; a
move that loses at least --drop centipawns from a position not already lost
(above -400) is printed as: game index, move number, men on the board, score
before, score after, the move, and the position after it.

    python3 tools/find_drops.py games.pgn --depth 9
"""

import argparse

import chess
import chess.engine
import chess.pgn


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("pgn")
    p.add_argument("--depth", type=int, default=9)
    p.add_argument("--drop", type=int, default=120, help="centipawns")
    p.add_argument("--stockfish", default="/usr/games/stockfish")
    args = p.parse_args()
    stockfish = chess.engine.SimpleEngine.popen_uci(args.stockfish)
    stockfish.configure({"Threads": 1, "Hash": 32})
    limit = chess.engine.Limit(depth=args.depth)

    def score(board, side):
        return stockfish.analyse(board, limit)["score"].pov(side).score(mate_score=3000)

    try:
        with open(args.pgn) as games:
            index = 0
            while (game := chess.pgn.read_game(games)) is not None:
                ours = chess.WHITE if game.headers["White"].startswith("boomchess") else chess.BLACK
                board = game.board()
                for move in game.mainline_moves():
                    if board.turn != ours:
                        board.push(move)
                        continue
                    before = score(board, ours)
                    san = board.san(move)
                    board.push(move)
                    after = score(board, ours)
                    if before - after >= args.drop and before > -400:
                        print(index, board.fullmove_number, len(board.piece_map()), before, after,
                              san, board.fen(), flush=True)
                index += 1
    finally:
        stockfish.quit()


if __name__ == "__main__":
    main()
