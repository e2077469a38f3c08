//! Games and states in the OpenSpiel shape: `load_game(spec)`, `game.new_initial_state()`,
//! `state.legal_actions()`, `state.apply_action(a)`... Every game of the registry, with the
//! same spec strings and notations as the `ply` command.

use crate::convert::to_python;
use crate::errors::{bad_value, to_py, GameOverError, IllegalMoveError};
use ply_registry::{AnyGame, GAMES};
use ply_search::picture::BoardView;
use ply_search::Player;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// OpenSpiel's `current_player()` once the game is over.
pub const TERMINAL_PLAYER: i64 = -4;

/// OpenSpiel's player id at a chance node, which `current_player()` returns there.
pub const CHANCE_PLAYER: i64 = -1;

/// A game: its spec and its start.
#[pyclass(module = "ply_search", name = "Game", frozen)]
pub struct Game {
    spec: String,
    start: AnyGame,
}

/// A position of a game, with the actions that led to it from where it was created.
#[pyclass(module = "ply_search", name = "State")]
#[derive(Clone)]
pub struct State {
    pub(crate) spec: String,
    pub(crate) state: AnyGame,
    history: Vec<usize>,
}

/// The game named by `spec`, as the `ply` command names it: `"isolation"`,
/// `"isolation(width=7,height=7,rules=aind)"`, `"onitama(deal=random,seed=7)"`...
#[pyfunction]
pub fn load_game(spec: &str) -> PyResult<Game> {
    let start = AnyGame::from_spec(spec).map_err(to_py)?;
    Ok(Game {
        spec: spec.trim().to_string(),
        start,
    })
}

/// What pickling a [`State`] writes: the function that reads it back and its arguments
/// (the spec, the position, the history).
type Reduced<'py> = (Bound<'py, PyAny>, (String, String, Vec<usize>));

/// The state of game `spec` at `position` reached through `history`: what pickling a
/// [`State`] writes, read back.
#[pyfunction]
pub fn _restore_state(spec: &str, position: &str, history: Vec<usize>) -> PyResult<State> {
    let start = AnyGame::from_spec(spec).map_err(to_py)?;
    let state = start.parse_position(position).map_err(to_py)?;
    Ok(State {
        spec: spec.trim().to_string(),
        state,
        history,
    })
}

/// The boards the exact solver has settled (docs/solved/), one dict a board: the game's spec,
/// who wins, every opening with the second player's winning replies, and the solve's cost,
/// command and commit, as the JSON records hold them.
#[pyfunction]
pub fn solved_boards(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for board in ply_registry::solved::boards() {
        let value = serde_json::to_value(&board)
            .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))?;
        list.append(crate::convert::to_python(py, &value)?)?;
    }
    Ok(list)
}

/// Every registered game: name, what it is, an example spec, its keys and evaluators.
#[pyfunction]
pub fn registered_games(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for g in GAMES {
        let info = PyDict::new(py);
        info.set_item("name", g.name)?;
        info.set_item("about", g.about)?;
        info.set_item("example", g.example)?;
        let keys = PyList::empty(py);
        for k in g.keys {
            let key = PyDict::new(py);
            key.set_item("key", k.key)?;
            key.set_item("default", k.default)?;
            key.set_item("accepted", k.accepted)?;
            keys.append(key)?;
        }
        info.set_item("keys", keys)?;
        info.set_item("evaluators", g.evaluators.to_vec())?;
        info.set_item("default_evaluator", g.default_eval)?;
        list.append(info)?;
    }
    Ok(list)
}

#[pymethods]
impl Game {
    /// The state at the game's start.
    fn new_initial_state(&self) -> State {
        State {
            spec: self.spec.clone(),
            state: self.start.clone(),
            history: Vec::new(),
        }
    }

    /// How many action numbers the game uses: every action is below this.
    fn num_distinct_actions(&self) -> usize {
        self.start.num_actions()
    }

    /// The number of players (2 to 6).
    fn num_players(&self) -> usize {
        self.start.player_count()
    }

    /// How many numbers OpenSpiel's numbering of the game's actions uses (for a game
    /// OpenSpiel has; otherwise `num_distinct_actions()`).
    fn openspiel_num_actions(&self) -> usize {
        self.start.openspiel_num_actions()
    }

    /// The most plies a game can last from the start, or None for a game without a bound
    /// (Onitama without `max_plies`).
    fn max_game_length(&self) -> Option<u32> {
        self.start.max_game_length()
    }

    /// Whether the game has chance nodes (dice), as OpenSpiel's chance mode says.
    fn has_chance_nodes(&self) -> bool {
        self.start.has_chance()
    }

    /// The state written `position` in the game's position notation (as `ply --from`).
    fn state_from_position(&self, position: &str) -> PyResult<State> {
        let state = self.start.parse_position(position).map_err(to_py)?;
        Ok(State {
            spec: self.spec.clone(),
            state,
            history: Vec::new(),
        })
    }

    /// The game's name in specs (`isolation`, `onitama`...).
    #[getter]
    fn name(&self) -> &'static str {
        self.start.name()
    }

    /// The spec the game was loaded with.
    #[getter]
    fn spec(&self) -> &str {
        &self.spec
    }

    fn __repr__(&self) -> String {
        format!("load_game({:?})", self.spec)
    }

    fn __str__(&self) -> String {
        self.spec.clone()
    }
}

impl State {
    /// The player a view is for: `player`, or the one to move (0 once the game is over).
    fn viewer(&self, player: Option<i64>) -> PyResult<Player> {
        let count = self.state.player_count();
        match player {
            Some(seat) if (0..count as i64).contains(&seat) => Ok(Player::ALL[seat as usize]),
            Some(other) if count == 2 => {
                Err(bad_value(format!("bad player `{other}`: expected 0 or 1")))
            }
            Some(other) => Err(bad_value(format!(
                "bad player `{other}`: expected 0 to {}",
                count - 1
            ))),
            None => Ok(if self.state.is_terminal() {
                Player::P0
            } else {
                self.state.to_move()
            }),
        }
    }

    /// The board view for `player`, or the error saying the game has none.
    fn board_view(&self, player: Option<i64>) -> PyResult<BoardView> {
        let viewer = self.viewer(player)?;
        self.state.board_view(viewer).ok_or_else(|| {
            bad_value(format!(
                "bad state of `{}`: expected a game played on a board (this game has no board picture or observation planes)",
                self.spec
            ))
        })
    }

    /// A state of the game `spec` standing at `state`, with no history.
    pub(crate) fn new(spec: &str, state: AnyGame) -> State {
        State {
            spec: spec.to_string(),
            state,
            history: Vec::new(),
        }
    }

    /// The legal move numbered `action`, or the error saying why there is none.
    fn legal_move(&self, action: i64) -> PyResult<usize> {
        if self.is_terminal() {
            return Err(GameOverError::new_err(format!(
                "bad action `{action}`: expected no action (the game is over)"
            )));
        }
        // A game may read more numbers than it lists (backgammon reads each of OpenSpiel's
        // numbers of a play it lists once).
        usize::try_from(action)
            .ok()
            .filter(|&a| self.state.is_legal_action(a))
            .ok_or_else(|| {
                IllegalMoveError::new_err(format!(
                    "bad action `{action}`: expected one of the legal actions {:?}",
                    self.state.legal_actions()
                ))
            })
    }
}

#[pymethods]
impl State {
    /// The legal actions, in the game's move order. With `player` (OpenSpiel's
    /// `legal_actions(player)`): the same for the player to move, none for any other.
    #[pyo3(signature = (player = None))]
    fn legal_actions(&self, player: Option<i64>) -> Vec<usize> {
        match player {
            Some(p) if p != self.current_player() => Vec::new(),
            _ => self.state.legal_actions(),
        }
    }

    /// The legal moves in the game's notation, in the game's move order.
    fn legal_moves(&self) -> Vec<String> {
        self.state.legal_move_texts()
    }

    /// The notation of legal action `action`; also called as OpenSpiel calls it,
    /// `action_to_string(player, action)` (the player is the one to move).
    #[pyo3(signature = (first, second = None))]
    fn action_to_string(&self, first: i64, second: Option<i64>) -> PyResult<String> {
        let action = self.legal_move(second.unwrap_or(first))?;
        Ok(self.state.action_text(action).expect("a legal action"))
    }

    /// The action of the legal move written `text` in the game's notation.
    fn string_to_action(&self, text: &str) -> PyResult<usize> {
        if self.is_terminal() {
            return Err(GameOverError::new_err(format!(
                "bad move `{text}`: expected no move (the game is over)"
            )));
        }
        self.state.action_of_text(text).map_err(to_py)
    }

    /// Plays legal action `action` on this state.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        // Playing checks legality; the error's reasons are looked for only when it fails.
        if let Ok(number) = usize::try_from(action) {
            if !self.state.is_terminal() && self.state.play_action(number) {
                self.history.push(number);
                return Ok(());
            }
        }
        let legal = self.legal_move(action)?;
        Err(IllegalMoveError::new_err(format!(
            "bad action `{legal}`: expected an action the game plays"
        )))
    }

    /// Plays the legal move written `text` in the game's notation on this state.
    fn apply_move(&mut self, text: &str) -> PyResult<()> {
        let action = self.string_to_action(text)?;
        self.apply_action(action as i64)
    }

    /// The state after legal action `action` (this state is unchanged).
    fn child(&self, action: i64) -> PyResult<State> {
        let mut child = self.clone();
        child.apply_action(action)?;
        Ok(child)
    }

    /// A copy of this state.
    #[pyo3(name = "clone")]
    fn clone_state(&self) -> State {
        self.clone()
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// The player to move (0 or 1), -1 (OpenSpiel's chance id) when the dice are to be rolled,
    /// or -4 (OpenSpiel's terminal id) once the game is over.
    fn current_player(&self) -> i64 {
        if self.is_terminal() {
            TERMINAL_PLAYER
        } else if self.state.is_chance_node() {
            CHANCE_PLAYER
        } else {
            self.state.to_move().index() as i64
        }
    }

    /// Whether the next event is a roll of the dice, not a player's choice (OpenSpiel's
    /// `is_chance_node()`); its outcomes are then its legal actions.
    fn is_chance_node(&self) -> bool {
        self.state.is_chance_node()
    }

    /// A chance node's outcomes as `(action, probability)` pairs, as OpenSpiel gives them;
    /// `apply_action` plays the one rolled. Empty at a player's node.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        self.state.chance_outcomes()
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.state.is_terminal()
    }

    /// Each player's result: `[1.0, -1.0]` when player 0 won, `[0.0, 0.0]` for a draw or a
    /// game still going on (one number a player).
    fn returns(&self) -> Vec<f64> {
        self.state.returns()
    }

    /// The actions played since the state was created (`new_initial_state` or
    /// `state_from_position`).
    fn history(&self) -> Vec<usize> {
        self.history.clone()
    }

    /// The position in the game's notation (as `ply --from` reads it).
    fn position(&self) -> String {
        self.state.position()
    }

    /// How many action numbers the game uses.
    fn num_distinct_actions(&self) -> usize {
        self.state.num_actions()
    }

    /// The plies played.
    fn move_number(&self) -> u32 {
        self.state.ply()
    }

    /// The number of players (2 to 6).
    fn num_players(&self) -> usize {
        self.state.player_count()
    }

    /// The legal actions in OpenSpiel's numbering, ascending (equal to `legal_actions()`
    /// for most games; Breakthrough's differ): what `ply_search.openspiel` lists.
    fn openspiel_legal_actions(&self) -> Vec<usize> {
        self.state.openspiel_legal_actions()
    }

    /// OpenSpiel's chance outcomes as (action, probability) pairs (equal to
    /// `chance_outcomes()` for most games; backgammon's 36 ordered rolls differ).
    fn openspiel_chance_outcomes(&self) -> Vec<(usize, f64)> {
        self.state.openspiel_chance_outcomes()
    }

    /// The legal action OpenSpiel numbers `action`, in the game's notation (equal to
    /// `action_to_string` for most games; backgammon writes each of a play's numbers its way).
    fn openspiel_action_to_string(&self, action: i64) -> PyResult<String> {
        usize::try_from(action)
            .ok()
            .and_then(|a| self.state.openspiel_action_text(a))
            .ok_or_else(|| {
                IllegalMoveError::new_err(format!(
                    "bad action `{action}`: expected one of the legal actions in OpenSpiel's numbering {:?}",
                    self.openspiel_legal_actions()
                ))
            })
    }

    /// Plays the legal action OpenSpiel numbers `action`.
    fn apply_openspiel_action(&mut self, action: i64) -> PyResult<()> {
        if self.state.is_terminal() {
            return Err(GameOverError::new_err(format!(
                "bad action `{action}`: expected no action (the game is over)"
            )));
        }
        let played = usize::try_from(action)
            .ok()
            .and_then(|a| self.state.play_openspiel_action(a));
        if let Some(number) = played {
            self.history.push(number);
            return Ok(());
        }
        Err(IllegalMoveError::new_err(format!(
            "bad action `{action}`: expected one of the legal actions in OpenSpiel's numbering {:?}",
            self.openspiel_legal_actions()
        )))
    }

    /// Pickling (and OpenSpiel's serialization of a bridged state) writes the game's spec,
    /// the position and the history, and reads them back through [`_restore_state`].
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        let restore = py.import("ply_search._native")?.getattr("_restore_state")?;
        Ok((
            restore,
            (self.spec.clone(), self.position(), self.history.clone()),
        ))
    }

    /// The game's own fields, as in `ply replay --json` (knight Isolation: the original's
    /// `board`, `locs`, `ply_count`...).
    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let map = self.state.fields();
        to_python(py, &serde_json::Value::Object(map))
    }

    /// The spec of the state's game.
    #[getter]
    fn game(&self) -> &str {
        &self.spec
    }

    /// The observation planes seen by `player` (default: the player to move, or 0 once the
    /// game is over), shape `[planes, rows, columns]`: a numpy array of float32 where numpy
    /// is installed, else nested lists. `observation_planes()` names the planes.
    #[pyo3(signature = (player = None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let view = self.board_view(player)?;
        let [planes, rows, columns] = view.shape();
        let values = view.planes(self.viewer(player)?);
        if let Ok(numpy) = py.import("numpy") {
            let array = numpy.call_method1("asarray", (values, "float32"))?;
            return array.call_method1("reshape", ((planes, rows, columns),));
        }
        let nested = PyList::empty(py);
        for plane in values.chunks(rows * columns) {
            let rows_list = PyList::empty(py);
            for row in plane.chunks(columns) {
                rows_list.append(row.to_vec())?;
            }
            nested.append(rows_list)?;
        }
        Ok(nested.into_any())
    }

    /// The names of the observation planes, in order (`own knight`, `opponent knight`,
    /// `blocked`, `empty`...).
    fn observation_planes(&self) -> PyResult<Vec<String>> {
        Ok(self.board_view(None)?.plane_names())
    }

    /// The shape of `observation_tensor()`: `[planes, rows, columns]`.
    fn observation_shape(&self) -> PyResult<[usize; 3]> {
        Ok(self.board_view(None)?.shape())
    }

    /// The board as an SVG picture, which Jupyter shows for a state.
    fn _repr_svg_(&self) -> PyResult<String> {
        Ok(crate::picture::svg(&self.board_view(None)?))
    }

    /// The board drawn as `ply` draws it.
    fn __str__(&self) -> String {
        self.state.drawing()
    }

    fn __repr__(&self) -> String {
        format!("<State of {}: {:?}>", self.spec, self.position())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .extract::<PyRef<'_, State>>()
            .is_ok_and(|o| o.spec == self.spec && o.position() == self.position())
    }
}
