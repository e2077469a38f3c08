#!/usr/bin/env python3
"""Checks the colour pattern of knight Isolation's winning replies against a split solve.

    python3 bench/measure/scripts/colour-pattern.py SPEC JOBS.txt RESULTS.jsonl

The pattern (docs/solver.md, "The colour pattern"): after the first player's placement the
second player's winning replies are exactly the cells of the other colour (a knight changes
colour at every jump), and on a board with an even side also the opening's half-turn image
(the mirror theorem's answer, of the same colour when both sides are even), except that when
the first player takes the centre of a board with both sides odd, the centre's knight
neighbours lose. It reads the depth-2 jobs of a split solve (`ply solve SPEC --split-depth 2
--write-jobs JOBS.txt`, any slice of them solved into RESULTS.jsonl): each job is an opening
and a reply with the first player to move, its value the first player's. It prints each
disagreement and the count of positions that agree. The records of docs/solved/ are checked
against the same pattern by the test
`the_winning_replies_of_every_standard_knight_record_follow_the_colour_pattern`.
"""
import json
import re
import sys


def board_size(spec):
    """(width, height) of a knight Isolation spec such as isolation(width=7,height=9,...)."""
    width = int(re.search(r"width=(\d+)", spec).group(1))
    height = int(re.search(r"height=(\d+)", spec).group(1))
    return width, height


class Board:
    """Cells in the game's notation: (width + 2) to a row, so cell = row * (width + 2) + col."""

    def __init__(self, width, height):
        self.width, self.height, self.stride = width, height, width + 2

    def colour(self, cell):
        row, col = divmod(cell, self.stride)
        return (row + col) % 2

    def centre(self):
        """The cell that is its own half-turn image, or None when a side is even."""
        if self.width % 2 and self.height % 2:
            return (self.height // 2) * self.stride + self.width // 2
        return None

    def knight_neighbours(self, cell):
        row, col = divmod(cell, self.stride)
        jumps = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
        return {
            (row + dr) * self.stride + col + dc
            for dr, dc in jumps
            if 0 <= row + dr < self.height and 0 <= col + dc < self.width
        }

    def mirror(self, cell):
        """The cell's image under a half turn of the board."""
        row, col = divmod(cell, self.stride)
        return (self.height - 1 - row) * self.stride + self.width - 1 - col

    def predicted_win(self, opening, reply):
        """Whether the pattern says `reply` wins for the second player after `opening`."""
        if opening == self.centre() and reply in self.knight_neighbours(opening):
            return False
        if self.centre() is None and reply == self.mirror(opening):
            return True
        return self.colour(reply) != self.colour(opening)


def from_jobs(spec, jobs_path, results_path):
    board = Board(*board_size(spec))
    lines = [l.strip() for l in open(jobs_path)][4:]  # after the four-line header
    pairs = []
    for line in open(results_path):
        if not line.strip():
            continue
        result = json.loads(line)
        fields = lines[result["job"]].split()
        if fields[1] != "2":
            sys.exit(f"job {result['job']} is not a depth-2 position: {lines[result['job']]}")
        opening, reply = int(fields[2]), int(fields[3])
        # The job's value is the first player's (to move): the reply wins when it is negative.
        pairs.append((opening, reply, result["value"] < 0))
    return board, pairs


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    board, pairs = from_jobs(*sys.argv[1:])
    disagree = [(o, r, w) for o, r, w in pairs if board.predicted_win(o, r) != w]
    for opening, reply, wins in disagree:
        said = "wins" if wins else "loses"
        print(f"opening {opening}, reply {reply}: the reply {said}, against the pattern")
    wins = sum(w for _, _, w in pairs)
    print(f"{len(pairs) - len(disagree)} of {len(pairs)} (opening, reply) pairs agree "
          f"with the colour pattern ({wins} winning replies among them)")


if __name__ == "__main__":
    main()
