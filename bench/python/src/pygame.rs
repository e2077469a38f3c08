//! Games written in Python, searched by ply: a student's class with `to_move()`, `moves()`,
//! `play(move)` and `outcome()` (and optionally `key()`, `evaluate()`, `position()`) becomes a
//! [`Game`], so the course minimax, alpha-beta, MCTS, the solver, perft and the conformance
//! kit all run on it. With `players()` it has more than two players, with `is_chance_node()`
//! and `chance_outcomes()` dice, with `returns()` results other than a win, a draw or a loss
//! (see [`crate::pyshape`]). Every node calls Python, so it is slow per node; it is what a course
//! needs. The work runs as for any game, on threads of its own (the solver's included), each
//! taking the GIL for each call into Python. A Python exception inside a method stops the
//! work and is raised to the caller as it was, never as a crash.

use crate::errors::bad_value;
use crate::odds::chance_weights;
use ply_search::chance::{Chance, ChanceList};
use ply_search::describe::NamedEvaluators;
use ply_search::score::{MAX_EVAL, WIN};
use ply_search::solver::Solvable;
use ply_search::{
    ErrorKind, Evaluator, Game, MoveList, NotationError, Outcome, Player, Score, Zero,
};
use pyo3::exceptions::PyTypeError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;
use std::sync::{Arc, Mutex, OnceLock};

/// What a game written in Python has besides two players' choices, as the type parameter of
/// [`PyGameState`]: ply's searches know a game's shape from its type
/// ([`Game::HAS_CHANCE`], [`Game::MANY_PLAYERS`]), so each shape is its own state type (the
/// four are in [`crate::pyshape`]).
pub trait Shape: Clone + Copy + fmt::Debug + Default + Send + Sync + 'static {
    /// Whether positions can be chance nodes.
    const CHANCE: bool;
    /// Whether there can be more than two players.
    const MANY: bool;
}

/// A state of a game written in Python, of shape `S`: the object, and what ply asks of every
/// node, read once. Clones share it.
pub struct PyGameState<S: Shape>(Arc<Node>, PhantomData<S>);

impl<S: Shape> Clone for PyGameState<S> {
    fn clone(&self) -> Self {
        PyGameState(Arc::clone(&self.0), PhantomData)
    }
}

struct Node {
    object: Py<PyAny>,
    ply: u32,
    to_move: Player,
    outcome: Option<Outcome>,
    key: u64,
    kind: Arc<Kind>,
    /// The legal moves, asked of Python the first time they are needed (at a chance node,
    /// the outcomes, asked at once).
    moves: OnceLock<Vec<Py<PyAny>>>,
    /// At a chance node, each outcome's weight.
    weights: Option<Vec<u32>>,
    /// At the end of a game with `returns()`, each player's value.
    values: Option<Vec<Score>>,
}

/// The first exception a game written in Python raised inside a search, until the caller
/// takes it ([`take_raised`]).
static RAISED: Mutex<Option<PyErr>> = Mutex::new(None);

/// Marks the unwinding that [`raise`] starts.
pub struct Raised;

/// Stops the work with a Python exception: keeps the exception for [`take_raised`] and
/// unwinds without a panic message (the caller raises the exception instead).
fn raise(error: PyErr) -> ! {
    RAISED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get_or_insert(error);
    std::panic::resume_unwind(Box::new(Raised))
}

/// The exception that stopped the last work on a game written in Python, if one did.
pub fn take_raised() -> Option<PyErr> {
    RAISED.lock().unwrap_or_else(|e| e.into_inner()).take()
}

/// `error` with the method that raised it in front of its message, same class.
fn in_method(py: Python<'_>, method: &str, error: PyErr) -> PyErr {
    if error.is_instance_of::<pyo3::exceptions::PyKeyboardInterrupt>(py) {
        return error;
    }
    let class = error.get_type(py);
    let text = format!("{method}: {}", error.value(py));
    match class.call1((text,)) {
        Ok(value) => PyErr::from_value(value),
        Err(_) => error,
    }
}

/// What a game's class offers, read once at the root (every state is taken to be of the
/// root's class).
pub struct Kind {
    class: String,
    /// The number of players, from `players()` (2 without it).
    pub players: usize,
    /// Whether the class has `is_chance_node()`: a game with dice.
    pub has_chance: bool,
    has_returns: bool,
    has_key: bool,
    has_evaluate: bool,
    has_position: bool,
    has_from_position: bool,
}

/// What the class of `bound` offers; a `TypeError` if it lacks a method or answers out of
/// form.
pub fn read_kind(bound: &Bound<'_, PyAny>) -> PyResult<Arc<Kind>> {
    let py = bound.py();
    let class = bound
        .get_type()
        .name()
        .map_or("the game".into(), |n| n.to_string());
    for method in ["to_move", "moves", "play", "outcome"] {
        if !bound.hasattr(method)? {
            return Err(PyTypeError::new_err(format!(
                "bad game {class}: expected a method {method}() (a game written in Python has to_move(), moves(), play(move) and outcome())"
            )));
        }
    }
    let has_key = bound.getattr("key").is_ok_and(|k| k.is_callable());
    if !has_key && !has_own_hash(bound)? {
        return Err(PyTypeError::new_err(format!(
            "bad game {class}: expected a method key() or __hash__ that is the same for equal positions (ply's tables and solver know positions by it; the default hash is the object's address)"
        )));
    }
    let has_chance = bound.hasattr("is_chance_node")?;
    if has_chance && !bound.hasattr("chance_outcomes")? {
        return Err(PyTypeError::new_err(format!(
            "bad game {class}: expected a method chance_outcomes() beside is_chance_node() (the rolls and their probabilities)"
        )));
    }
    let players = if bound.hasattr("players")? {
        let answer = bound
            .call_method0("players")
            .map_err(|e| in_method(py, &format!("{class}.players()"), e))?;
        match answer.extract::<usize>() {
            Ok(n) if (2..=Player::MAX).contains(&n) => n,
            _ => {
                return Err(PyTypeError::new_err(format!(
                    "bad {class}.players() {}: expected a number of players from 2 to {}",
                    answer.repr().map_or("?".into(), |r| r.to_string()),
                    Player::MAX
                )))
            }
        }
    } else {
        2
    };
    Ok(Arc::new(Kind {
        players,
        has_chance,
        has_returns: bound.hasattr("returns")?,
        has_key,
        has_evaluate: bound.hasattr("evaluate")?,
        has_position: bound.hasattr("position")?,
        has_from_position: bound.hasattr("from_position")?,
        class,
    }))
}

impl<S: Shape> PyGameState<S> {
    /// The state `object` is, at the root of a search, of the class `kind` describes.
    pub fn root(py: Python<'_>, object: Py<PyAny>, kind: Arc<Kind>) -> PyResult<PyGameState<S>> {
        PyGameState::of(py, object, 0, kind)
    }

    /// The state `object` is, `ply` plies below the root, of the class `kind` describes.
    fn of<'py>(
        py: Python<'py>,
        object: Py<PyAny>,
        ply: u32,
        kind: Arc<Kind>,
    ) -> PyResult<PyGameState<S>> {
        let bound = object.bind(py).clone();
        let class = &kind.class;
        let call = |method: &Bound<'py, PyString>| -> PyResult<Bound<'py, PyAny>> {
            bound
                .call_method0(method)
                .map_err(|e| in_method(py, &format!("{class}.{method}()"), e))
        };
        let players = kind.players;
        let to_move = match call(intern!(py, "to_move"))?.extract::<usize>() {
            Ok(seat) if seat < players => Player::from_index(seat),
            _ => {
                return Err(PyTypeError::new_err(format!(
                    "bad {class}.to_move(): expected a player from 0 to {}",
                    players - 1
                )))
            }
        };
        let outcome = call(intern!(py, "outcome"))?;
        let outcome = if outcome.is_none() {
            None
        } else if outcome.is_instance_of::<pyo3::types::PyBool>() {
            return Err(bad_outcome(class, players, &outcome));
        } else if let Ok(winner) = outcome.extract::<i64>() {
            match usize::try_from(winner) {
                Ok(seat) if seat < players => Some(Outcome::Win(Player::from_index(seat))),
                _ => return Err(bad_outcome(class, players, &outcome)),
            }
        } else if outcome
            .extract::<String>()
            .is_ok_and(|t| t.eq_ignore_ascii_case("draw"))
        {
            Some(Outcome::Draw)
        } else {
            return Err(bad_outcome(class, players, &outcome));
        };
        let values = match outcome {
            Some(_) if kind.has_returns => Some(read_returns(
                &call(intern!(py, "returns"))?,
                class,
                players,
            )?),
            _ => None,
        };
        let moves = OnceLock::new();
        let mut weights = None;
        if S::CHANCE && outcome.is_none() && call(intern!(py, "is_chance_node"))?.is_truthy()? {
            let (outcomes, odds) = read_chance(&call(intern!(py, "chance_outcomes"))?, class)?;
            moves.set(outcomes).expect("a new node's moves are unset");
            weights = Some(odds);
        }
        let key = if kind.has_key {
            let key = call(intern!(py, "key"))?;
            whole_key(&key).ok_or_else(|| {
                let shown = key.repr().map_or("an object".into(), |r| r.to_string());
                PyTypeError::new_err(format!(
                    "bad {class}.key() {}: expected a whole number (an int of any size)",
                    ply_search::error::one_line(&shown, ply_search::error::ECHO_LIMIT)
                ))
            })?
        } else {
            bound
                .hash()
                .map_err(|e| in_method(py, &format!("hash of {class}"), e))? as u64
        };
        drop(bound);
        Ok(PyGameState(
            Arc::new(Node {
                object,
                ply,
                to_move,
                outcome,
                key,
                kind,
                moves,
                weights,
                values,
            }),
            PhantomData,
        ))
    }

    /// The legal moves, as Python objects in the class's order.
    fn moves(&self) -> &[Py<PyAny>] {
        self.0.moves.get_or_init(|| {
            if self.0.outcome.is_some() {
                return Vec::new();
            }
            Python::attach(|py| {
                let class = &self.0.kind.class;
                let listed = self
                    .0
                    .object
                    .bind(py)
                    .call_method0(intern!(py, "moves"))
                    .and_then(|moves| {
                        moves
                            .try_iter()?
                            .map(|m| m.map(Bound::unbind))
                            .collect::<PyResult<Vec<_>>>()
                    });
                match listed {
                    Ok(moves) if moves.len() < u32::MAX as usize => moves,
                    Ok(_) => raise(bad_value(format!("bad {class}.moves(): too many moves"))),
                    Err(e) => raise(in_method(py, &format!("{class}.moves()"), e)),
                }
            })
        })
    }

    /// The text of a move: `str(move)`.
    fn text(py: Python<'_>, mv: &Py<PyAny>) -> String {
        mv.bind(py)
            .str()
            .map_or_else(|_| "?".to_string(), |s| s.to_string())
    }

    /// The heuristic value for `player`, from `evaluate()` (0 without one): its number for
    /// the player to move, negated for the others, or its entry for `player` in a list of one
    /// number a player.
    fn evaluate(&self, player: Player) -> Score {
        Python::attach(|py| {
            if !self.0.kind.has_evaluate {
                return 0;
            }
            let class = &self.0.kind.class;
            let players = self.0.kind.players;
            let value = self
                .0
                .object
                .bind(py)
                .call_method0("evaluate")
                .map_err(|e| in_method(py, &format!("{class}.evaluate()"), e))
                .and_then(|v| {
                    if let Ok(all) = v.extract::<Vec<f64>>() {
                        if all.len() == players {
                            return Ok(all[player.index()]);
                        }
                    } else if let Ok(one) = v.extract::<f64>() {
                        return Ok(if player == self.0.to_move { one } else { -one });
                    }
                    Err(PyTypeError::new_err(format!(
                        "bad {class}.evaluate(): expected a number for the player to move, or a list of {players} numbers (one a player)"
                    )))
                });
            match value {
                Ok(v) if v.is_finite() => {
                    v.round().clamp(-f64::from(MAX_EVAL), f64::from(MAX_EVAL)) as Score
                }
                Ok(_) => raise(bad_value(format!(
                    "bad {class}.evaluate(): expected a finite number"
                ))),
                Err(e) => raise(e),
            }
        })
    }
}

impl<S: Shape> fmt::Debug for PyGameState<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.position())
    }
}

/// A position key from a Python int of any size: ints that fit 64 bits as they are, longer
/// ones folded 64 bits at a time, so keys that differ anywhere stay apart. None for a non-int.
fn whole_key(key: &Bound<'_, PyAny>) -> Option<u64> {
    if !key.is_instance_of::<pyo3::types::PyInt>() {
        return None;
    }
    if let Ok(small) = key.extract::<i64>() {
        return Some(small as u64);
    }
    let bits: usize = key.call_method0("bit_length").ok()?.extract().ok()?;
    let options = pyo3::types::PyDict::new(key.py());
    options.set_item("signed", true).ok()?;
    let bytes: Vec<u8> = key
        .call_method("to_bytes", (bits / 8 + 1, "little"), Some(&options))
        .ok()?
        .extract()
        .ok()?;
    Some(bytes.chunks(8).fold(0u64, |folded, chunk| {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        (folded ^ u64::from_le_bytes(word)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }))
}

impl<S: Shape> PartialEq for PyGameState<S> {
    /// Equal keys, plies and players: the key stands for the position, as it does in the
    /// transposition table.
    fn eq(&self, other: &Self) -> bool {
        self.0.key == other.0.key && self.0.to_move == other.0.to_move
    }
}

impl<S: Shape> Eq for PyGameState<S> {}

impl<S: Shape> Hash for PyGameState<S> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.key.hash(state);
    }
}

impl<S: Shape> Game for PyGameState<S> {
    /// The move's place in the list `moves()` returned (at a chance node, in the list
    /// `chance_outcomes()` returned).
    type Move = u32;

    const HAS_CHANCE: bool = S::CHANCE;
    const MANY_PLAYERS: bool = S::MANY;

    fn is_chance_node(&self) -> bool {
        self.0.weights.is_some()
    }

    fn chance_outcomes(&self, outcomes: &mut ChanceList<u32>) {
        if let Some(weights) = &self.0.weights {
            outcomes.extend((0..).zip(weights).map(|(i, &w)| Chance::new(i, w)));
        }
    }

    fn player_count(&self) -> usize {
        self.0.kind.players
    }

    fn terminal_value(&self, player: Player) -> Score {
        match &self.0.values {
            Some(values) => values[player.index()],
            None => match self.0.outcome {
                Some(Outcome::Win(winner)) if winner == player => WIN,
                Some(Outcome::Win(_)) => -WIN,
                _ => 0,
            },
        }
    }

    fn to_move(&self) -> Player {
        self.0.to_move
    }

    fn generate_moves(&self, moves: &mut MoveList<u32>) {
        moves.extend(0..self.moves().len() as u32);
    }

    fn play(&self, mv: u32) -> Self {
        let moves = self.moves();
        Python::attach(|py| {
            let class = &self.0.kind.class;
            let Some(chosen) = moves.get(mv as usize) else {
                raise(bad_value(format!("bad move number {mv} for {class}")))
            };
            let child = self
                .0
                .object
                .bind(py)
                .call_method1(intern!(py, "play"), (chosen.clone_ref(py),))
                .map_err(|e| in_method(py, &format!("{class}.play({})", Self::text(py, chosen)), e))
                .and_then(|child| {
                    PyGameState::of(py, child.unbind(), self.0.ply + 1, Arc::clone(&self.0.kind))
                });
            match child {
                Ok(child) => child,
                Err(e) => raise(e),
            }
        })
    }

    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome
    }

    fn key(&self) -> u64 {
        self.0.key
    }

    fn ply(&self) -> u32 {
        self.0.ply
    }

    fn format_move(&self, mv: u32) -> String {
        let moves = self.moves();
        Python::attach(|py| match moves.get(mv as usize) {
            Some(m) => Self::text(py, m),
            None => format!("#{mv}"),
        })
    }

    fn parse_move(&self, text: &str) -> Result<u32, NotationError> {
        let moves = self.moves();
        let texts: Vec<String> =
            Python::attach(|py| moves.iter().map(|m| Self::text(py, m)).collect());
        texts
            .iter()
            .position(|t| t == text.trim())
            .map(|i| i as u32)
            .ok_or_else(|| {
                NotationError::new("move", text, format!("one of {}", texts.join(", ")))
                    .with_kind(ErrorKind::IllegalMove)
            })
    }

    fn position(&self) -> String {
        Python::attach(|py| {
            let object = self.0.object.bind(py);
            let text = if self.0.kind.has_position {
                object.call_method0("position")
            } else {
                object.repr().map(Bound::into_any)
            };
            text.and_then(|t| t.str().map(|s| s.to_string()))
                .unwrap_or_else(|_| "?".to_string())
        })
    }

    /// With a method `from_position(text)` on the class, the state it returns; without one,
    /// only this state's own text reads back (as itself).
    fn parse_position(&self, text: &str) -> Result<Self, NotationError> {
        let unreadable = |why: String| NotationError::new("position", text, why);
        if !self.0.kind.has_from_position {
            return if text == self.position() {
                Ok(self.clone())
            } else {
                Err(unreadable(format!(
                    "this position's own text: {} has no from_position(text) to read others",
                    self.0.kind.class
                )))
            };
        }
        Python::attach(|py| {
            let class = &self.0.kind.class;
            self.0
                .object
                .bind(py)
                .call_method1(intern!(py, "from_position"), (text,))
                .and_then(|state| {
                    PyGameState::of(py, state.unbind(), self.0.ply, Arc::clone(&self.0.kind))
                })
                .map_err(|e| unreadable(format!("what {class}.from_position reads ({e})")))
        })
    }
}

impl<S: Shape> Solvable for PyGameState<S> {}

// Every search takes the defaults: a game written in Python offers no speed-ups.
impl<S: Shape> ply_search::SearchHints for PyGameState<S> {}

/// The evaluators of a game written in Python: `null` (every unfinished position is 0) and
/// `python` (its `evaluate()` method: a number for the player to move).
#[derive(Clone, Copy, Debug)]
pub enum PyEval {
    /// Every unfinished position is 0.
    Null,
    /// The class's `evaluate()`.
    Python,
}

impl<S: Shape> Evaluator<PyGameState<S>> for PyEval {
    fn evaluate(&self, state: &PyGameState<S>, player: Player) -> Score {
        match self {
            PyEval::Null => Evaluator::evaluate(&Zero, state, player),
            PyEval::Python => state.evaluate(player),
        }
    }

    fn name(&self) -> &str {
        match self {
            PyEval::Null => "null",
            PyEval::Python => "python",
        }
    }
}

impl<S: Shape> NamedEvaluators for PyGameState<S> {
    type Eval = PyEval;
    const DEFAULT_EVAL: &'static str = "python";
    const EVALUATORS: &'static [&'static str] = &["python", "null"];

    fn evaluator(name: &str) -> Result<PyEval, NotationError> {
        match name.to_ascii_lowercase().as_str() {
            "python" => Ok(PyEval::Python),
            "null" => Ok(PyEval::Null),
            _ => Err(NotationError::new(
                "evaluator",
                name,
                "python (the class's evaluate(), 0 without one) or null",
            )
            .with_kind(ErrorKind::UnknownName)),
        }
    }
}

/// The error for an `outcome()` answer out of form.
fn bad_outcome(class: &str, players: usize, outcome: &Bound<'_, PyAny>) -> PyErr {
    PyTypeError::new_err(format!(
        "bad {class}.outcome() `{}`: expected None (going on), a player from 0 to {} (the winner) or \"draw\"",
        outcome.repr().map_or("?".into(), |r| r.to_string()),
        players - 1
    ))
}

/// Each player's value from a `returns()` answer: one number from -1 to 1 a player, as a
/// share of a win.
fn read_returns(answer: &Bound<'_, PyAny>, class: &str, players: usize) -> PyResult<Vec<Score>> {
    match answer.extract::<Vec<f64>>() {
        Ok(values) if values.len() == players && values.iter().all(|v| v.abs() <= 1.0) => Ok(
            values
                .iter()
                .map(|v| (v * f64::from(WIN)).round() as Score)
                .collect(),
        ),
        _ => Err(PyTypeError::new_err(format!(
            "bad {class}.returns() {}: expected {players} numbers from -1 to 1 (each player's result, 1 a win)",
            ply_search::error::one_line(
                &answer.repr().map_or("?".into(), |r| r.to_string()),
                ply_search::error::ECHO_LIMIT
            )
        ))),
    }
}

/// The outcomes and their weights from a `chance_outcomes()` answer: `(outcome,
/// probability)` pairs, each probability positive, summing to 1.
fn read_chance(answer: &Bound<'_, PyAny>, class: &str) -> PyResult<(Vec<Py<PyAny>>, Vec<u32>)> {
    let bad = |why: &str| {
        PyTypeError::new_err(format!(
            "bad {class}.chance_outcomes() {}: expected (outcome, probability) pairs, {why}",
            ply_search::error::one_line(
                &answer.repr().map_or("?".into(), |r| r.to_string()),
                ply_search::error::ECHO_LIMIT
            )
        ))
    };
    let pairs: Vec<(Bound<'_, PyAny>, f64)> = answer
        .try_iter()
        .and_then(|items| items.map(|item| item?.extract()).collect())
        .map_err(|_| bad("each probability a number"))?;
    if pairs.is_empty() || pairs.len() >= u32::MAX as usize {
        return Err(bad("at least one"));
    }
    let probabilities: Vec<f64> = pairs.iter().map(|(_, p)| *p).collect();
    if probabilities.iter().any(|&p| !(p > 0.0 && p <= 1.0)) {
        return Err(bad("each probability above 0 and at most 1"));
    }
    if (probabilities.iter().sum::<f64>() - 1.0).abs() > 1e-6 {
        return Err(bad("the probabilities summing to 1"));
    }
    let outcomes = pairs.into_iter().map(|(o, _)| o.unbind()).collect();
    Ok((outcomes, chance_weights(&probabilities)))
}

/// Whether the class of `object` hashes its own way (not by address, as `object` does).
fn has_own_hash(object: &Bound<'_, PyAny>) -> PyResult<bool> {
    let py = object.py();
    let default = py.get_type::<PyAny>().getattr("__hash__")?;
    let own = object.get_type().getattr("__hash__")?;
    Ok(!own.is_none() && !own.is(&default))
}

/// Whether `object` is a game written in Python (rather than a `State` of a ply game).
pub fn is_python_game(object: &Bound<'_, PyAny>) -> bool {
    !object.is_instance_of::<crate::state::State>()
        && !object.is_instance_of::<PyString>()
        && object.hasattr("moves").unwrap_or(false)
        && object.hasattr("play").unwrap_or(false)
}
