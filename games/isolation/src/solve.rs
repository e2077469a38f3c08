//! The exact solver's shortcut for knight Isolation: separated knights walk their own regions,
//! and a knight's walk is bounded by the colours of the squares it can reach. Boards of at
//! most 64 cells are flooded in their packed `u64` layout ([`crate::packed`]), bigger ones in
//! the board's own `u128`.

use crate::packed::Packed;
use crate::state::{Isolation, Move};
use crate::variant::{Rules, Variant};
use ply_grid::separation::{race_bounds, separated_value, CellSet, EndRule, Walker};
use ply_search::score::{self, Score};
use ply_search::solver::Solvable;
use ply_search::Game;
use std::ops::{BitOr, Shl, Shr};

/// Knight moves over the board's open cells, in the board's own layout.
struct KnightWalk(&'static Variant);

impl Walker for KnightWalk {
    type Set = u128;

    #[inline]
    fn moves_from(&self, cell: u8, open: u128) -> u128 {
        self.0.knight_moves(cell).0 & open
    }

    /// Every knight move of a set of cells at once, by shifts: one or two columns sideways,
    /// then two or one rows up and down (four shifts by the row stride instead of eight by
    /// the knight's offsets: this flood fill is the separation test's whole cost). The two
    /// border columns of the bit layout catch the moves that would wrap around a row.
    #[inline]
    fn spread(&self, cells: u128, open: u128) -> u128 {
        let row = u32::from(self.0.stride);
        let one_column = (cells << 1) | (cells >> 1);
        let two_columns = (cells << 2) | (cells >> 2);
        knight_rows(one_column, two_columns, row) & open
    }

    /// A knight alternates colours: [`colour_bound`].
    fn path_bound(&self, from: u8, region: u128) -> u32 {
        let light = self.0.light.0;
        colour_bound(light >> from & 1 == 1, region & light, region & !light)
    }
}

/// Knight moves over the open cells of a board of at most 64 cells, in its packed layout.
struct PackedKnightWalk(&'static Packed);

impl Walker for PackedKnightWalk {
    type Set = u64;

    #[inline]
    fn moves_from(&self, cell: u8, open: u64) -> u64 {
        self.0.knight[cell as usize & 63] & open
    }

    /// The shifts of [`KnightWalk::spread`], with column masks in place of border bits.
    #[inline]
    fn spread(&self, cells: u64, open: u64) -> u64 {
        let p = self.0;
        let row = p.width;
        let one_column = (cells << 1 & p.one_column[0]) | (cells >> 1 & p.one_column[1]);
        let two_columns = (cells << 2 & p.two_columns[0]) | (cells >> 2 & p.two_columns[1]);
        knight_rows(one_column, two_columns, row) & open
    }

    /// [`KnightWalk::path_bound`]'s colour bound.
    fn path_bound(&self, from: u8, region: u64) -> u32 {
        colour_bound(
            self.0.light >> from & 1 == 1,
            region & self.0.light,
            region & !self.0.light,
        )
    }
}

/// A knight's jumps from cells already moved sideways: those one column over move two rows up
/// or down, those two columns over one row (`row` bits a row).
#[inline]
fn knight_rows<S>(one_column: S, two_columns: S, row: u32) -> S
where
    S: Copy + Shl<u32, Output = S> + Shr<u32, Output = S> + BitOr<Output = S>,
{
    (one_column << (2 * row))
        | (one_column >> (2 * row))
        | (two_columns << row)
        | (two_columns >> row)
}

/// The longest a knight's walk through a region can be, from its light and dark cells: a
/// knight alternates colours, so a walk from a light square visits dark, light, dark..., at
/// most twice the scarcer colour long (plus one if the first colour is the richer).
fn colour_bound<S: CellSet>(from_light: bool, light: S, dark: S) -> u32 {
    let (same, other) = if from_light {
        (light.len(), dark.len())
    } else {
        (dark.len(), light.len())
    };
    if other > same {
        2 * same + 1
    } else {
        2 * other
    }
}

impl Solvable for Isolation {
    /// Knight Isolation's positions almost never recur by another order of moves, so only
    /// positions with 40 plies or more to play (the top of the tree, where one hit saves a
    /// large subtree) use the table: below that a probe costs more than it saves (docs/solver.md
    /// has the measurements).
    const TABLE_MIN_PLIES_LEFT: u32 = 40;

    /// Once neither knight can reach a cell the other can, the longer walk wins. Under the
    /// Udacity rules the shortcut waits until cell 0 is closed: the original's terminal test
    /// does not count a liberty there, which the walk race does not model.
    fn settled_value(&self) -> Option<Score> {
        let (me, them, rule) = self.race()?;
        let (variant, open) = (self.variant(), self.open_cells().0);
        match &variant.packed {
            Some(p) => {
                let walk = PackedKnightWalk(p);
                separated_value(&walk, p.cell(me), p.cell(them), p.pack(open), rule)
            }
            None => separated_value(&KnightWalk(variant), me, them, open, rule),
        }
    }

    /// The settled value, or while the regions touch, the bounds of the walk race (with the
    /// colour bound on each knight's longest possible walk).
    fn value_bounds(&self) -> Option<(Score, Score)> {
        let (me, them, rule) = self.race()?;
        let (variant, open) = (self.variant(), self.open_cells().0);
        match &variant.packed {
            Some(p) => {
                let walk = PackedKnightWalk(p);
                race_bounds(&walk, p.cell(me), p.cell(them), p.pack(open), rule)
            }
            None => race_bounds(&KnightWalk(variant), me, them, open, rule),
        }
    }

    /// The mirror theorem of docs/solver.md: on a board with an even side, a mover whose
    /// knight, and whose open cells, are the opponent's images under a half turn of the board
    /// loses. The opponent answers each move with its image: no cell of such a board is its own
    /// image, so the answer is still open; it is a knight's move away; and the position is
    /// symmetric again. The distance is not known: the loss comes at the earliest on the next
    /// ply (under the Udacity rules a mover may strand itself), at the latest when the open
    /// cells run out.
    fn strategy_bounds(&self) -> Option<(Score, Score)> {
        let (me, them, _) = self.race()?;
        let variant = self.variant();
        if variant.width % 2 == 1 && variant.height % 2 == 1 {
            return None;
        }
        // Cell (x, y) is `y * stride + x`, so the half turn takes cell c to `far - c`, with
        // `far` the last cell; reversing the bits takes it to `127 - c`.
        let far = variant.cell(variant.width - 1, variant.height - 1);
        let open = self.open_cells().0;
        let symmetric = u16::from(me) + u16::from(them) == u16::from(far)
            && open.reverse_bits() >> (127 - far) == open;
        symmetric.then(|| (score::loss_in(1), score::loss_in(open.count_ones())))
    }

    /// The opponent's replies after the move, fewest first, with the mover's own moves from
    /// its landing cell counted half as much, most first (`2 * theirs - mine`); no position is
    /// made. The second term is what makes the 7x7 board solvable in seconds (docs/solver.md,
    /// "What each part is worth", has the node counts with and without it).
    fn order_key(&self, mv: Move) -> u32 {
        let open = self.board.0 & !(1u128 << mv.0);
        let other = self.raw_loc((self.ply & 1) as usize ^ 1);
        let theirs = (self.variant.knight[other as usize & 127].0 & open).count_ones();
        let mine = (self.variant.knight[mv.0 as usize & 127].0 & open).count_ones();
        2 * theirs + (8 - mine)
    }
}

impl Isolation {
    /// The mover's cell, the opponent's and how the game ends, once both are placed. Under the
    /// Udacity rules only once cell 0 is closed: the original's terminal test does not count
    /// a liberty there, which the walk race does not model.
    fn race(&self) -> Option<(u8, u8, EndRule)> {
        let rule = match self.variant().rules {
            Rules::Udacity if self.open_cells().contains(0) => return None,
            Rules::Udacity => EndRule::EitherStuckEnds,
            Rules::Standard | Rules::Aind => EndRule::MoverStuckLoses,
        };
        let mover = self.to_move();
        Some((self.loc(mover)?, self.loc(mover.other())?, rule))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ply_grid::separation::longest_walk;

    #[test]
    fn the_colour_bound_holds_for_every_walk_on_small_boards() {
        // Full boards from every cell: the exact longest walk never beats the bound.
        for (w, h) in [(3, 3), (3, 4), (4, 4)] {
            let v = Variant::get(w, h, Rules::Standard).unwrap();
            let walk = KnightWalk(v);
            for from in v.blank.iter() {
                let region = v.blank.0 & !(1u128 << from);
                let longest = longest_walk(&walk, from, region, u32::MAX);
                assert!(
                    longest <= walk.path_bound(from, region),
                    "{w}x{h} from {from}"
                );
            }
        }
    }

    /// The shifts of `spread` land where each knight's own moves do, on boards up to the
    /// widest and the tallest the bit layout holds (where a shift runs off either end of it).
    #[test]
    fn spreading_a_set_reaches_what_each_knight_reaches() {
        let sizes = [
            (1, 1),
            (3, 3),
            (4, 6),
            (7, 7),
            (7, 9),
            (8, 8),
            (11, 9),
            (14, 8),
            (1, 43),
        ];
        for (width, height) in sizes {
            let v = Variant::get(width, height, Rules::Standard).unwrap();
            let walk = KnightWalk(v);
            let cells: Vec<u8> = v.blank.iter().collect();
            let mut seed = 0x9e37_79b9_7f4a_7c15u64;
            for (i, &a) in cells.iter().enumerate() {
                // Each cell alone, and with pseudo-random others.
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let others: u128 = cells
                    .iter()
                    .filter(|&&c| (seed >> (c % 64)) & 3 == 0)
                    .map(|&c| 1u128 << c)
                    .sum();
                for set in [1u128 << a, (1u128 << a) | others] {
                    for open in [v.blank.0, v.blank.0 & !others] {
                        let each = cells
                            .iter()
                            .filter(|&&c| set >> c & 1 == 1)
                            .fold(0, |all, &c| all | walk.moves_from(c, open));
                        assert_eq!(walk.spread(set, open), each, "{width}x{height} from {i}");
                    }
                }
            }
        }
    }

    /// Pseudo-random numbers for the tests (an LCG: no dependency, the same every run).
    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            self.0 >> 11
        }
        /// A random subset of `cells`, each kept with probability `keep` / 8.
        fn subset(&mut self, cells: &[u8], keep: u64) -> u128 {
            cells
                .iter()
                .filter(|_| self.next() % 8 < keep)
                .map(|&c| 1u128 << c)
                .sum()
        }
    }

    /// Board shapes with at most 64 cells, up to the widest and tallest that pack.
    const PACKED_SIZES: [(u8, u8); 10] = [
        (1, 1),
        (3, 3),
        (4, 6),
        (5, 5),
        (7, 7),
        (7, 9),
        (8, 8),
        (16, 4),
        (31, 2),
        (1, 43),
    ];

    #[test]
    fn boards_of_at_most_64_cells_pack_and_the_others_do_not() {
        for (w, h) in PACKED_SIZES {
            let v = Variant::get(w, h, Rules::Standard).unwrap();
            let p = v.packed.as_ref().expect("packs");
            let cells: Vec<u8> = v.blank.iter().collect();
            let packed: Vec<u8> = cells.iter().map(|&c| p.cell(c)).collect();
            assert_eq!(
                packed,
                (0..cells.len() as u8).collect::<Vec<_>>(),
                "{w}x{h}"
            );
            assert_eq!(p.pack(v.blank.0), u64::MAX >> (64 - cells.len()), "{w}x{h}");
        }
        for (w, h) in [(9, 8), (11, 9), (32, 2), (64, 1)] {
            assert!(Variant::get(w, h, Rules::Standard)
                .unwrap()
                .packed
                .is_none());
        }
    }

    /// Packing a set moves each of its cells to the cell's packed index.
    #[test]
    fn packing_a_set_packs_each_cell() {
        let mut rng = Lcg(3);
        for (w, h) in PACKED_SIZES {
            let v = Variant::get(w, h, Rules::Standard).unwrap();
            let p = v.packed.as_ref().unwrap();
            let cells: Vec<u8> = v.blank.iter().collect();
            for keep in 0..=8 {
                let set = rng.subset(&cells, keep);
                let each = cells
                    .iter()
                    .filter(|&&c| set >> c & 1 == 1)
                    .fold(0u64, |all, &c| all | 1 << p.cell(c));
                assert_eq!(p.pack(set), each, "{w}x{h} {set:#x}");
            }
        }
    }

    /// The packed walker's moves, spread and colour bound are the board layout's, packed.
    #[test]
    fn the_packed_walk_moves_as_the_board_layouts_walk() {
        let mut rng = Lcg(7);
        for (w, h) in PACKED_SIZES {
            let v = Variant::get(w, h, Rules::Standard).unwrap();
            let (wide, p) = (KnightWalk(v), v.packed.as_ref().unwrap());
            let packed = PackedKnightWalk(p);
            let cells: Vec<u8> = v.blank.iter().collect();
            for _ in 0..200 {
                let (set, open) = (rng.subset(&cells, 2), rng.subset(&cells, 6));
                let expected = p.pack(wide.spread(set, open));
                assert_eq!(
                    packed.spread(p.pack(set), p.pack(open)),
                    expected,
                    "{w}x{h}"
                );
                for &c in &cells {
                    let (from, region) = (p.cell(c), p.pack(open));
                    let moves = p.pack(wide.moves_from(c, open));
                    assert_eq!(packed.moves_from(from, region), moves, "{w}x{h} {c}");
                    let bound = wide.path_bound(c, open);
                    assert_eq!(packed.path_bound(from, region), bound, "{w}x{h} {c}");
                }
            }
        }
    }

    /// The separation test's verdicts (settled values and race bounds) do not depend on the
    /// layout the regions are flooded in.
    #[test]
    fn both_layouts_settle_the_same_races() {
        let mut rng = Lcg(11);
        for (w, h) in PACKED_SIZES {
            let v = Variant::get(w, h, Rules::Standard).unwrap();
            let (wide, p) = (KnightWalk(v), v.packed.as_ref().unwrap());
            let packed = PackedKnightWalk(p);
            let cells: Vec<u8> = v.blank.iter().collect();
            if cells.len() < 2 {
                continue;
            }
            for round in 0..300 {
                let me = cells[rng.next() as usize % cells.len()];
                let them = cells[rng.next() as usize % cells.len()];
                if me == them {
                    continue;
                }
                let open = rng.subset(&cells, 2 + round % 5) & !(1u128 << me) & !(1u128 << them);
                let (a, b, o) = (p.cell(me), p.cell(them), p.pack(open));
                for rule in [EndRule::MoverStuckLoses, EndRule::EitherStuckEnds] {
                    assert_eq!(
                        separated_value(&packed, a, b, o, rule),
                        separated_value(&wide, me, them, open, rule),
                        "{w}x{h} {me} {them} {open:#x}"
                    );
                    assert_eq!(
                        race_bounds(&packed, a, b, o, rule),
                        race_bounds(&wide, me, them, open, rule),
                        "{w}x{h} {me} {them} {open:#x}"
                    );
                }
            }
        }
    }
}
