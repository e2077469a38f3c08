//! Perft against a second queen Isolation written here from the rules alone, with none of the
//! crate's code: a board of booleans, rays walked cell by cell. Both rule sets, several boards,
//! both counting conventions. The numbers are also the perft table of docs/games/queen-isolation.md.

use ply_queen_isolation::QueenIsolation;
use ply_search::perft::{perft, Count};

/// The rules, written plainly.
#[derive(Clone)]
struct Plain {
    width: i32,
    height: i32,
    blocked: Vec<bool>,
    locs: [Option<(i32, i32)>; 2],
    to_move: usize,
    /// The Udacity (quiz) rule: the game ends as soon as either player is stuck.
    udacity: bool,
}

impl Plain {
    fn new(width: i32, height: i32, blocked: &[(i32, i32)], udacity: bool) -> Plain {
        let mut cells = vec![false; (width * height) as usize];
        for &(x, y) in blocked {
            cells[(y * width + x) as usize] = true;
        }
        Plain {
            width,
            height,
            blocked: cells,
            locs: [None, None],
            to_move: 0,
            udacity,
        }
    }

    fn open(&self, x: i32, y: i32) -> bool {
        x >= 0
            && y >= 0
            && x < self.width
            && y < self.height
            && !self.blocked[(y * self.width + x) as usize]
    }

    /// Where `player` could move: any open cell before its first move, else along the eight
    /// queen rays up to the first blocked cell or the edge.
    fn moves(&self, player: usize) -> Vec<(i32, i32)> {
        let mut found = Vec::new();
        match self.locs[player] {
            None => {
                for y in 0..self.height {
                    for x in 0..self.width {
                        if self.open(x, y) {
                            found.push((x, y));
                        }
                    }
                }
            }
            Some((x0, y0)) => {
                for (dx, dy) in [
                    (1, 0),
                    (1, -1),
                    (0, -1),
                    (-1, -1),
                    (-1, 0),
                    (-1, 1),
                    (0, 1),
                    (1, 1),
                ] {
                    let (mut x, mut y) = (x0 + dx, y0 + dy);
                    while self.open(x, y) {
                        found.push((x, y));
                        x += dx;
                        y += dy;
                    }
                }
            }
        }
        found
    }

    fn terminal(&self) -> bool {
        let mine = self.moves(self.to_move).is_empty();
        let theirs = self.moves(1 - self.to_move).is_empty();
        mine || (self.udacity && theirs)
    }

    fn play(&self, (x, y): (i32, i32)) -> Plain {
        let mut next = self.clone();
        next.blocked[(y * self.width + x) as usize] = true;
        next.locs[self.to_move] = Some((x, y));
        next.to_move = 1 - self.to_move;
        next
    }

    fn perft(&self, depth: u32, count: Count) -> u64 {
        if self.terminal() {
            return match (depth, count) {
                (0, _) | (_, Count::Leaves) => 1,
                (_, Count::Strict) => 0,
            };
        }
        if depth == 0 {
            return 1;
        }
        self.moves(self.to_move)
            .into_iter()
            .map(|m| self.play(m).perft(depth - 1, count))
            .sum()
    }
}

fn check(spec: &str, plain: &Plain, depths: std::ops::RangeInclusive<u32>) -> Vec<u64> {
    let game = QueenIsolation::from_spec(spec).unwrap();
    let mut counts = Vec::new();
    for depth in depths {
        for count in [Count::Leaves, Count::Strict] {
            let want = plain.perft(depth, count);
            assert_eq!(
                perft(&game, depth, count),
                want,
                "{spec}, depth {depth}, {}",
                count.name()
            );
            if count == Count::Leaves {
                counts.push(want);
            }
        }
    }
    counts
}

#[test]
fn the_lesson_board_counts_as_the_rules_say() {
    let counts = check("queen-isolation", &Plain::new(5, 5, &[], true), 1..=5);
    assert_eq!(counts, [25, 600, 7_080, 77_248, 727_872]);
    check(
        "queen-isolation(rules=standard)",
        &Plain::new(5, 5, &[], false),
        1..=5,
    );
}

#[test]
fn the_quiz_tree_counts_as_the_rules_say() {
    let counts = check(
        "queen-isolation(preset=quiz)",
        &Plain::new(3, 2, &[(2, 1)], true),
        1..=6,
    );
    assert_eq!(counts, [5, 20, 52, 84, 84, 84]);
}

#[test]
fn odd_boards_with_blocked_cells_count_as_the_rules_say() {
    let blocked = [(1, 1), (3, 0)];
    check(
        "queen-isolation(width=4,height=3,blocked=[(1,1),(3,0)])",
        &Plain::new(4, 3, &blocked, true),
        1..=7,
    );
    check(
        "queen-isolation(width=4,height=3,blocked=[(1,1),(3,0)],rules=standard)",
        &Plain::new(4, 3, &blocked, false),
        1..=7,
    );
    check(
        "queen-isolation(width=7,height=7)",
        &Plain::new(7, 7, &[], true),
        1..=3,
    );
}
