//! The four shapes a game written in Python can have: two players choosing every move, two
//! players with dice, more players, more players with dice. ply's searches know a game's shape
//! from its type ([`Game::HAS_CHANCE`](ply_search::Game::HAS_CHANCE),
//! [`Game::MANY_PLAYERS`](ply_search::Game::MANY_PLAYERS)), so that a game without dice pays
//! nothing for them and a game of more players is refused by two-player searches when the
//! agent is read; a Python class's shape is read at the root, and each shape is its own
//! [`PyGameState`] type.

use crate::pygame::{PyGameState, Shape};
use ply_search::agents::{build_agent, build_dice_agent, build_many_player_agent};
use ply_search::{Agent, NotationError};
use pyo3::prelude::*;

/// How a shape builds its agents: with the agents it plays only (the others are refused for
/// it anyway, and compiling the engine once per shape would cost the package its build time).
pub trait ShapeAgents: Shape {
    /// The agent `text` names.
    #[allow(clippy::type_complexity)]
    fn build(text: &str) -> Result<Box<dyn Agent<PyGameState<Self>>>, NotationError>;
}

/// Declares a shape: its marker type, its constants and the builder of its agents.
macro_rules! shape {
    ($(#[$doc:meta])* $name:ident, chance: $chance:expr, many: $many:expr, agents: $build:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        pub struct $name;

        impl Shape for $name {
            const CHANCE: bool = $chance;
            const MANY: bool = $many;
        }

        impl ShapeAgents for $name {
            fn build(text: &str) -> Result<Box<dyn Agent<PyGameState<Self>>>, NotationError> {
                $build(text)
            }
        }
    };
}

shape!(
    /// Two players, every move chosen: every agent plays it.
    TwoPlayers, chance: false, many: false, agents: build_agent
);
shape!(
    /// Two players and dice (`is_chance_node()`): random, greedy, expectimax and MCTS play it.
    Dice, chance: true, many: false, agents: build_dice_agent
);
shape!(
    /// More than two players (`players()` above 2): random, greedy, MCTS, max^n, paranoid and
    /// best-reply search play it.
    ManyPlayers, chance: false, many: true, agents: build_many_player_agent
);
shape!(
    /// More than two players and dice: random, greedy and MCTS play it (the kinds of both
    /// lists, which the many-player builder has and the dice refuse the rest of).
    ManyWithDice, chance: true, many: true, agents: build_many_player_agent
);

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
