"""A text cribbage board: rows of 30 holes per side, the game hole, both pegs and the match lines."""

from __future__ import annotations

from collections.abc import Sequence

ROW = 30
GROUP = 5


def render_board(pegs: Sequence[Sequence[int]], game_target: int,
                 lines: Sequence[tuple[str, int]] = (), labels: Sequence[str] | None = None) -> str:
    """pegs: (back, front) per side; lines: (name, first hole not below the line).

    Holes are numbered from 1; the game hole is the target itself. '.' is an empty hole, 'F' the
    front peg, 'B' the back peg, '|' the first hole clear of a line (lurch, skunk, ...).
    """
    line_holes = {cutoff: name for name, cutoff in lines if 1 <= cutoff < game_target}
    out = [f"board to {game_target}: F front peg, B back peg, | first hole past a line"]
    for side, (back, front) in enumerate(pegs):
        label = labels[side] if labels else f"side {side}"
        out.append(f"{label}: {front} (last move from {back})")
        for start in range(1, game_target, ROW):
            holes = range(start, min(start + ROW, game_target))
            cells = "".join(_cell(h, back, front, line_holes) + (" " if (h - start) % GROUP == GROUP - 1 else "")
                            for h in holes)
            out.append(f"  {start:>4}  {cells.rstrip()}")
        game_hole = _cell(game_target, back, min(front, game_target), {})
        over = f" ({front - game_target} past it)" if front > game_target else ""
        out.append(f"  {game_target:>4}  {game_hole}  game hole{over}")
    for name, cutoff in lines:
        out.append(f"{name}: a loser below {cutoff}")
    return "\n".join(out)


def _cell(hole: int, back: int, front: int, line_holes: dict[int, str]) -> str:
    if hole == front:
        return "F"
    if hole == back:
        return "B"
    if hole in line_holes:
        return "|"
    return "."
