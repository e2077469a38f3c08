//! Random playouts from the liberty masks alone: what MCTS spends most of its time in.
//!
//! A playout needs, ply after ply, only the open cells and each knight's liberties. Once both
//! knights are placed, the mover's liberties after a move are the opponent's liberties of the
//! ply before less the cell just taken, so each ply looks up one knight mask (the new cell's,
//! needed two plies later) instead of two, and builds no state until the end. The moves and
//! the numbers drawn are [`SearchHints::random_move`]'s, so the games are the same
//! (the conformance kit checks it). Where the CPU has a fast BMI2 `pdep`, the walk is compiled
//! a second time to pick the drawn target with it (checked once, at the first playout); the
//! cell picked is the same.

use crate::cells::Cells;
use crate::state::Isolation;
use crate::variant::{Rules, UNPLACED};
use ply_search::SearchHints;
use ply_search::{Game, Rng};

/// [`SearchHints::random_playout`] for knight Isolation.
pub(crate) fn random_playout(start: &Isolation, rng: &mut Rng, max_plies: u32) -> (Isolation, u32) {
    // The opening, while a knight is still to be placed anywhere: move by move.
    let mut state = *start;
    let mut plies = 0;
    while state.raw_loc(0) == UNPLACED || state.raw_loc(1) == UNPLACED {
        if plies == max_plies {
            return (state, plies);
        }
        match state.random_move(rng) {
            Some(mv) => state = state.play(mv),
            None => return (state, plies),
        }
        plies += 1;
    }
    #[cfg(target_arch = "x86_64")]
    if let Some(pdep) = fast_pdep::Pdep::detect() {
        // SAFETY: `pdep` proves the CPU has BMI2, the one feature that walk is compiled for.
        #[allow(unsafe_code)]
        return unsafe { fast_pdep::walk_bmi2(pdep, &state, rng, plies, max_plies) };
    }
    knight_walk(Portable, &state, rng, plies, max_plies)
}

/// How a playout picks the `n`-th lowest of a knight's open targets (at most eight cells).
/// Every way picks the same cell, so the games do not depend on the CPU.
trait PickNth: Copy {
    fn nth(self, cells: Cells, n: u32) -> u8;
}

/// The portable way: [`Cells::nth`].
#[derive(Clone, Copy)]
struct Portable;

impl PickNth for Portable {
    #[inline(always)]
    fn nth(self, cells: Cells, n: u32) -> u8 {
        cells.nth(n)
    }
}

/// The playout once both knights are placed (`state`, reached after `plies` of them), with
/// the masks alone, until a knight is stuck or `max_plies` are played.
#[inline(always)]
fn knight_walk<P: PickNth>(
    pick: P,
    state: &Isolation,
    rng: &mut Rng,
    mut plies: u32,
    max_plies: u32,
) -> (Isolation, u32) {
    let knight = &state.variant.knight;
    let mut open = state.board.0;
    let first_mover = (state.ply & 1) as usize;
    let (mut mover, mut other) = (state.raw_loc(first_mover), state.raw_loc(first_mover ^ 1));
    let mut mine = knight[mover as usize].0 & open;
    let mut theirs = knight[other as usize].0 & open;
    let udacity = state.variant.rules == Rules::Udacity;
    let placed_at = plies;
    while plies < max_plies {
        // The end test and the targets of `Isolation::mover_targets`.
        let stuck = if udacity {
            // A liberty on cell 0 does not count (the original's quirk).
            (mine & !1 == 0) | (theirs & !1 == 0)
        } else {
            mine == 0
        };
        if stuck {
            break;
        }
        let target = pick.nth(Cells(mine), rng.below(mine.count_ones() as u64) as u32);
        let taken = 1u128 << target;
        open &= !taken;
        let landed = knight[target as usize].0 & open;
        (mover, other) = (other, target);
        (mine, theirs) = (theirs & !taken, landed);
        plies += 1;
    }
    // `mover` is the knight to move now; player `first_mover` moved first in the loop.
    let to_move = first_mover ^ ((plies - placed_at) & 1) as usize;
    let cells = if to_move == 0 {
        [mover, other]
    } else {
        [other, mover]
    };
    let end = Isolation {
        board: Cells(open),
        ply: state.ply + (plies - placed_at),
        locs: cells[0] as u16 | (cells[1] as u16) << 8,
        variant: state.variant,
    };
    (end, plies)
}

/// BMI2's `pdep` deposits a one-bit mask on the set bits of the targets: the `n`-th lowest in
/// one instruction, where [`Cells::nth`] clears seven bits one after the other. That chain was
/// most of a playout, so MCTS's iterations a second rise with `pdep` (BENCHMARKS.md, fourth
/// part). Used only where the CPU runs `pdep` in hardware.
#[cfg(target_arch = "x86_64")]
mod fast_pdep {
    use super::{Cells, Isolation, PickNth, Rng};
    use std::sync::OnceLock;

    /// Proof that this CPU has a fast `pdep`: only [`Pdep::detect`] makes one.
    #[derive(Clone, Copy)]
    pub(super) struct Pdep(());

    impl Pdep {
        /// A `Pdep` if the CPU has BMI2 and runs `pdep` in hardware (not the microcode of AMD
        /// before Zen 3, CPU family 0x19, where it takes dozens of cycles), checked once.
        pub(super) fn detect() -> Option<Pdep> {
            static FAST: OnceLock<bool> = OnceLock::new();
            FAST.get_or_init(|| std::arch::is_x86_feature_detected!("bmi2") && !microcoded_pdep())
                .then_some(Pdep(()))
        }
    }

    /// Whether this is an AMD CPU before Zen 3 (family below 0x19).
    fn microcoded_pdep() -> bool {
        use std::arch::x86_64::__cpuid;
        let vendor = __cpuid(0);
        let amd = (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163);
        let signature = __cpuid(1).eax;
        let base = (signature >> 8) & 0xF;
        let family = if base == 0xF {
            base + ((signature >> 20) & 0xFF)
        } else {
            base
        };
        amd && family < 0x19
    }

    impl PickNth for Pdep {
        #[inline(always)]
        fn nth(self, cells: Cells, n: u32) -> u8 {
            let low = cells.0 as u64;
            let below = low.count_ones();
            let (bits, n, base) = if n < below {
                (low, n, 0)
            } else {
                ((cells.0 >> 64) as u64, n - below, 64)
            };
            // SAFETY: a `Pdep` exists only where the CPU has BMI2 (`Pdep::detect`).
            #[allow(unsafe_code)]
            let bit = unsafe { std::arch::x86_64::_pdep_u64(1 << n, bits) };
            (base + bit.trailing_zeros()) as u8
        }
    }

    /// [`super::knight_walk`] compiled for BMI2, so that `pdep` is one inlined instruction.
    #[target_feature(enable = "bmi2")]
    pub(super) fn walk_bmi2(
        pdep: Pdep,
        state: &Isolation,
        rng: &mut Rng,
        plies: u32,
        max_plies: u32,
    ) -> (Isolation, u32) {
        super::knight_walk(pdep, state, rng, plies, max_plies)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The portable walk plays the games the dispatching playout plays (whichever way this
    /// CPU picks cells), so a CPU without `pdep` sees the same playouts.
    #[test]
    fn the_portable_walk_plays_the_same_games() {
        let mut rng = Rng::new(5);
        for _ in 0..2_000 {
            let mut placed = Isolation::udacity();
            for _ in 0..2 {
                placed = placed.play(placed.random_move(&mut rng).expect("open cells"));
            }
            let seed = rng.next_u64();
            let (dispatched, plies) = random_playout(&placed, &mut Rng::new(seed), u32::MAX);
            let portable = knight_walk(Portable, &placed, &mut Rng::new(seed), 0, u32::MAX);
            assert_eq!((dispatched, plies), portable);
        }
    }

    /// Where the CPU has a fast `pdep`, it picks the cell the portable way picks, for every
    /// rank, in sets of up to eight cells straddling the two 64-bit halves.
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn pdep_picks_the_cell_the_portable_way_picks() {
        let Some(pdep) = fast_pdep::Pdep::detect() else {
            eprintln!("no fast pdep on this CPU: only the portable way runs here");
            return;
        };
        let mut rng = Rng::new(11);
        for _ in 0..20_000 {
            let mut cells = Cells(0);
            for _ in 0..1 + rng.below(8) {
                cells |= Cells::single(rng.below(121) as u8);
            }
            for n in 0..cells.len() {
                assert_eq!(
                    pdep.nth(cells, n),
                    Portable.nth(cells, n),
                    "{cells:?} rank {n}"
                );
            }
        }
    }
}
