//! The four shapes a game written in Python can have: two players choosing every move, two
//! players with dice, more players, more players with dice. ply's searches know a game's shape
//! from its type ([`Game::HAS_CHANCE`](ply_search::Game::HAS_CHANCE),
//! [`Game::MANY_PLAYERS`](ply_search::Game::MANY_PLAYERS)), so that a game without dice pays
//! nothing for them and a game of more players is refused by two-player searches when the
//! agent is read; a Python class's shape is read at the root, and each shape is its own
//! [`PyGameState`] type.

use crate::pygame::PyGameState;
use ply_search::agents::{build_agent, build_dice_agent, build_many_player_agent};
use ply_search::{Agent, NotationError};
use pyo3::prelude::*;
use std::fmt::Debug;

/// A game's shape, as the type parameter of [`PyGameState`].
pub trait Shape: Clone + Copy + Debug + Default + Send + Sync + 'static {
    /// Whether positions can be chance nodes.
    const CHANCE: bool;
    /// Whether there can be more than two players.
    const MANY: bool;

    /// The agent `text` names, built with the agents this shape plays only (the others are
    /// refused for it anyway, and compiling the engine once per shape would cost the package
    /// its build time).
    #[allow(clippy::type_complexity)]
    fn build(text: &str) -> Result<Box<dyn Agent<PyGameState<Self>>>, NotationError>;
}

/// Two players, every move chosen: every agent plays it.
#[derive(Clone, Copy, Debug, Default)]
pub struct TwoPlayers;

/// Two players and dice (`is_chance_node()`): random, greedy, expectimax and MCTS play it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Dice;

/// More than two players (`players()` above 2): random, greedy, MCTS, max^n, paranoid and
/// best-reply search play it.
#[derive(Clone, Copy, Debug, Default)]
pub struct ManyPlayers;

/// More than two players and dice: random, greedy and MCTS play it.
#[derive(Clone, Copy, Debug, Default)]
pub struct ManyWithDice;

impl Shape for TwoPlayers {
    const CHANCE: bool = false;
    const MANY: bool = false;
    fn build(text: &str) -> Result<Box<dyn Agent<PyGameState<Self>>>, NotationError> {
        build_agent(text)
    }
}

impl Shape for Dice {
    const CHANCE: bool = true;
    const MANY: bool = false;
    fn build(text: &str) -> Result<Box<dyn Agent<PyGameState<Self>>>, NotationError> {
        build_dice_agent(text)
    }
}

impl Shape for ManyPlayers {
    const CHANCE: bool = false;
    const MANY: bool = true;
    fn build(text: &str) -> Result<Box<dyn Agent<PyGameState<Self>>>, NotationError> {
        build_many_player_agent(text)
    }
}

impl Shape for ManyWithDice {
    const CHANCE: bool = true;
    const MANY: bool = true;
    fn build(text: &str) -> Result<Box<dyn Agent<PyGameState<Self>>>, NotationError> {
        build_many_player_agent(text)
    }
}

/// A game written in Python at its root, as the state type of its shape.
pub enum PythonGame {
    /// Two players, no dice.
    TwoPlayers(PyGameState<TwoPlayers>),
    /// Two players with dice.
    Dice(PyGameState<Dice>),
    /// More players, no dice.
    ManyPlayers(PyGameState<ManyPlayers>),
    /// More players with dice.
    ManyWithDice(PyGameState<ManyWithDice>),
}

impl PythonGame {
    /// The game `object` is, at the root of a search; a `TypeError` if it lacks a method or
    /// answers out of form.
    pub fn new(py: Python<'_>, object: &Bound<'_, PyAny>) -> PyResult<PythonGame> {
        let kind = crate::pygame::read_kind(object)?;
        let object = object.clone().unbind();
        Ok(match (kind.has_chance, kind.players > 2) {
            (false, false) => PythonGame::TwoPlayers(PyGameState::root(py, object, kind)?),
            (true, false) => PythonGame::Dice(PyGameState::root(py, object, kind)?),
            (false, true) => PythonGame::ManyPlayers(PyGameState::root(py, object, kind)?),
            (true, true) => PythonGame::ManyWithDice(PyGameState::root(py, object, kind)?),
        })
    }
}

/// Runs `$body` with `$s` bound to the state of the game written in Python `$game` (a
/// [`PythonGame`]) in its own shape's type, and `$shape` to that type's shape.
macro_rules! with_python_game {
    ($game:expr, $s:ident, $shape:ident => $body:expr) => {
        match $game {
            $crate::pyshape::PythonGame::TwoPlayers($s) => {
                type $shape = $crate::pyshape::TwoPlayers;
                $body
            }
            $crate::pyshape::PythonGame::Dice($s) => {
                type $shape = $crate::pyshape::Dice;
                $body
            }
            $crate::pyshape::PythonGame::ManyPlayers($s) => {
                type $shape = $crate::pyshape::ManyPlayers;
                $body
            }
            $crate::pyshape::PythonGame::ManyWithDice($s) => {
                type $shape = $crate::pyshape::ManyWithDice;
                $body
            }
        }
    };
}
pub(crate) use with_python_game;

/// Whole-number weights for chance probabilities (each positive, summing to about 1), in the
/// same proportions: each probability as the nearest fraction with a denominator of at most a
/// million (1/6 read back from 0.16666666666666666), all over their common denominator when it
/// stays small; otherwise each probability rounded to millionths (at least 1).
pub fn chance_weights(probabilities: &[f64]) -> Vec<u32> {
    const MAX_DENOMINATOR: u64 = 1_000_000;
    let fractions: Vec<(u64, u64)> = probabilities
        .iter()
        .map(|&p| nearest_fraction(p, MAX_DENOMINATOR))
        .collect();
    let common = fractions.iter().try_fold(1u64, |common, &(_, d)| {
        let next = common / gcd(common, d) * d;
        (next <= MAX_DENOMINATOR).then_some(next)
    });
    match common {
        Some(common) => fractions
            .iter()
            .map(|&(n, d)| (n * (common / d)).max(1) as u32)
            .collect(),
        None => probabilities
            .iter()
            .map(|&p| ((p * MAX_DENOMINATOR as f64).round() as u32).max(1))
            .collect(),
    }
}

/// The fraction nearest `x` (in [0, 1]) with a denominator of at most `limit`, as
/// `(numerator, denominator)`: the last convergent of its continued fraction within the limit.
fn nearest_fraction(x: f64, limit: u64) -> (u64, u64) {
    let (mut p0, mut q0, mut p1, mut q1) = (0u64, 1u64, 1u64, 0u64);
    let mut rest = x;
    for _ in 0..64 {
        let whole = rest.floor();
        let a = whole as u64;
        let (p2, q2) = (a * p1 + p0, a * q1 + q0);
        if q2 > limit {
            break;
        }
        (p0, q0, p1, q1) = (p1, q1, p2, q2);
        let fraction = rest - whole;
        if fraction < 1e-12 || (p1 as f64 / q1 as f64 - x).abs() < 1e-15 {
            break;
        }
        rest = 1.0 / fraction;
    }
    if q1 == 0 {
        (0, 1)
    } else {
        (p1, q1)
    }
}

/// The greatest common divisor.
fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}
