//! `arena(...)`: a tournament from Python, through the arena library the `ply arena` command
//! uses. Agents are spec strings (ply's agents and `external(cmd=...)` programs), Python
//! callables `state -> action or move`, or objects with `get_action(state)`, mixed; a Python
//! exception, an illegal move or a time overrun loses the game, and the tournament goes on.

use crate::convert::to_python;
use crate::errors::{bad_value, to_py};
use crate::run::interruptible_watching;
use crate::state::State;
use crate::watch::{CallWatch, Stopped};
use ply_arena::record::standings;
use ply_arena::{
    run_with, spec_seat, to_csv, validate_with, ArenaConfig, ArenaError, Choice, EndReason,
    GameRecord, GameRules, Resumed, Seat, SeatMaker,
};
use ply_registry::AnyGame;
use ply_registry::Prebuilt;
use ply_search::agents::parse_duration;
use pyo3::exceptions::{PyOSError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// One agent of a tournament, as given.
enum Entry {
    /// An agent spec (its name in the records may carry a ` #2` when it is given twice).
    Spec(String),
    /// A Python callable, or an object's `get_action` method.
    Python(Py<PyAny>),
}

/// The seats of a tournament from Python.
struct PythonSeats {
    entries: Vec<Entry>,
    /// The Python agents' calls under way, which the waiting thread may stop.
    watch: Arc<CallWatch>,
}

impl SeatMaker for PythonSeats {
    fn seat<G: Prebuilt>(
        &self,
        game_spec: &str,
        agent: usize,
        _name: &str,
    ) -> Result<Box<dyn Seat<G>>, ArenaError>
    where
        AnyGame: From<G>,
    {
        match &self.entries[agent] {
            Entry::Spec(spec) => spec_seat(game_spec, spec),
            Entry::Python(function) => Ok(Box::new(PythonSeat {
                function: Python::attach(|py| function.clone_ref(py)),
                game: game_spec.to_string(),
                watch: Arc::clone(&self.watch),
                rules: None,
            })),
        }
    }
}

/// A Python function choosing the moves of one side.
struct PythonSeat {
    function: Py<PyAny>,
    game: String,
    watch: Arc<CallWatch>,
    /// The clock of the game under way.
    rules: Option<GameRules>,
}

impl<G: Prebuilt> Seat<G> for PythonSeat
where
    AnyGame: From<G>,
{
    fn new_game(&mut self, rules: &GameRules) {
        self.rules = Some(*rules);
    }

    fn choose(&mut self, state: &G) -> Result<Choice<G::Move>, ArenaError> {
        let forfeit = |reason, detail| Ok(Choice::Forfeit { reason, detail });
        let interrupted = || Err(ArenaError::Seat("stopped by Ctrl-C".to_string()));
        if self.watch.is_interrupted() {
            return interrupted();
        }
        let allowed = self
            .rules
            .and_then(|r| r.move_time.map(|t| t + r.tolerance));
        Python::attach(|py| {
            let given = State::new(&self.game, AnyGame::from(state.clone()));
            let call = self
                .watch
                .enter(py, allowed.map(|a| Instant::now() + a))
                .map_err(|e| ArenaError::Seat(format!("cannot watch a Python agent: {e}")))?;
            let returned = self.function.call1(py, (given,));
            match self.watch.leave(py, call) {
                Some(Stopped::Interrupted) => return interrupted(),
                Some(Stopped::Overtime) => {
                    let allowed = allowed.expect("a deadline was set");
                    return forfeit(
                        EndReason::Timeout,
                        format!(
                            "did not return within {} ms (move time and tolerance): stopped",
                            allowed.as_millis()
                        ),
                    );
                }
                None => {}
            }
            let answer = match returned {
                Ok(answer) => answer.into_bound(py),
                Err(e) => return forfeit(EndReason::Error, format!("raised {e}")),
            };
            let mv = if answer.is_instance_of::<PyString>() {
                let text: String = answer.extract().expect("a str");
                match state.parse_move(&text) {
                    Ok(mv) => mv,
                    Err(e) => return forfeit(EndReason::Illegal, format!("returned {e}")),
                }
            } else if let Ok(action) = answer.extract::<i64>() {
                let legal = usize::try_from(action)
                    .ok()
                    .and_then(|a| state.legal_move_of_action(a));
                match legal {
                    Some(mv) => mv,
                    None => {
                        let actions: Vec<usize> = state
                            .legal_moves()
                            .iter()
                            .map(|&m| state.action(m))
                            .collect();
                        return forfeit(
                            EndReason::Illegal,
                            format!("returned action {action}: expected one of {actions:?}"),
                        );
                    }
                }
            } else {
                let shown = answer
                    .repr()
                    .map_or("an object".to_string(), |r| r.to_string());
                return forfeit(
                    EndReason::Error,
                    format!("returned {shown}: expected an action number or a move string"),
                );
            };
            Ok(Choice::Play {
                mv: Some(mv),
                nodes: 0,
                score: None,
            })
        })
    }
}

/// The name of a Python agent in the records: its `name` attribute if it is a string, else
/// the function's or the class's name.
fn python_name(agent: &Bound<'_, PyAny>) -> String {
    let text = |name: &str| {
        agent
            .getattr(name)
            .ok()
            .and_then(|n| n.extract::<String>().ok())
    };
    text("name")
        .or_else(|| text("__name__"))
        .or_else(|| agent.get_type().name().ok().map(|n| n.to_string()))
        .unwrap_or_else(|| "python".to_string())
}

/// The entries and record names of `agents`; a repeated name gets ` #2`, ` #3`...
fn entries(agents: &Bound<'_, PyList>) -> PyResult<(Vec<Entry>, Vec<String>)> {
    let mut entries = Vec::new();
    let mut names: Vec<String> = Vec::new();
    for agent in agents.iter() {
        let (entry, name) = if agent.is_instance_of::<PyString>() {
            let spec = agent.extract::<String>()?.trim().to_string();
            (Entry::Spec(spec.clone()), spec)
        } else if let Ok(method) = agent.getattr("get_action") {
            (Entry::Python(method.unbind()), python_name(&agent))
        } else if agent.is_callable() {
            (Entry::Python(agent.clone().unbind()), python_name(&agent))
        } else {
            return Err(PyTypeError::new_err(format!(
                "bad agent {}: expected an agent spec (str), a function of a state, or an object with get_action(state)",
                agent.repr()?
            )));
        };
        let mut unique = name.clone();
        let mut n = 1;
        while names.contains(&unique) {
            n += 1;
            unique = format!("{name} #{n}");
        }
        entries.push(entry);
        names.push(unique);
    }
    Ok((entries, names))
}

/// The Python exception for an arena error.
/// An arena error as the Python exception of its kind.
pub(crate) fn arena_error(e: ArenaError) -> PyErr {
    match e {
        ArenaError::Input(e) => to_py(e),
        ArenaError::Io { .. } => PyOSError::new_err(e.to_string()),
        other => bad_value(other.to_string()),
    }
}

/// A duration argument: a string such as `"150ms"`, or seconds as a number.
fn duration(value: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<Duration>> {
    let Some(value) = value else { return Ok(None) };
    if value.is_none() {
        return Ok(None);
    }
    let parsed = if let Ok(text) = value.extract::<String>() {
        parse_duration(&text)
    } else if let Ok(seconds) = value.extract::<f64>() {
        (seconds.is_finite() && (0.0..=86_400.0).contains(&seconds))
            .then(|| Duration::from_secs_f64(seconds))
    } else {
        None
    };
    parsed.map(Some).ok_or_else(|| {
        bad_value(format!(
            "bad {name} `{value}`: expected a duration such as \"150ms\" or \"2s\", or seconds as a number"
        ))
    })
}

/// The results of a tournament: prints as `ply arena`'s table.
#[pyclass(module = "ply_search", name = "Standings", frozen)]
pub struct Standings {
    table: ply_arena::record::Standings,
    records: Vec<GameRecord>,
    played_now: usize,
}

impl Standings {
    /// The standings of `records` for `agents`, `played_now` of them played by this call.
    pub(crate) fn of(
        records: Vec<GameRecord>,
        agents: &[String],
        sprt: Option<(f64, f64)>,
        played_now: usize,
    ) -> Standings {
        Standings {
            table: standings(&records, agents, sprt),
            records,
            played_now,
        }
    }
}

#[pymethods]
impl Standings {
    /// One dict per agent, in the order given: `agent`, `games`, `wins`, `draws`, `losses`,
    /// `score`, `score_low`, `score_high`, `elo`, `elo_error`, `ms_per_move`, `timeouts`,
    /// `forfeits` (the columns of `ply arena --csv`), and `par` (the score of an even game:
    /// 1/2 at two seats, 1/k at k); with games for more than two, `seats`: the agent's score in
    /// each seat (`None` where it never sat). Ready for `pandas.DataFrame`.
    fn rows<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for a in &self.table.agents {
            let row = PyDict::new(py);
            row.set_item("agent", &a.agent)?;
            row.set_item("games", a.record.games())?;
            row.set_item("wins", a.record.wins)?;
            row.set_item("draws", a.record.draws)?;
            row.set_item("losses", a.record.losses)?;
            row.set_item("score", a.score)?;
            row.set_item("score_low", a.score_interval.0)?;
            row.set_item("score_high", a.score_interval.1)?;
            row.set_item("elo", a.rating.elo)?;
            row.set_item("elo_error", a.rating.error)?;
            row.set_item("ms_per_move", a.ms_per_move)?;
            row.set_item("timeouts", a.timeouts)?;
            row.set_item("forfeits", a.forfeits)?;
            row.set_item("par", a.par)?;
            if !a.seats.is_empty() {
                let seats: Vec<Option<f64>> = a.seats.iter().map(|s| s.score()).collect();
                row.set_item("seats", seats)?;
            }
            list.append(row)?;
        }
        Ok(list)
    }

    /// Everything `ply arena --json` prints: agents, pairings, tables of more than two, games,
    /// and the SPRT if asked.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let json = serde_json::to_value(&self.table).expect("standings serialise");
        to_python(py, &json)
    }

    /// The agents' lines as CSV (`ply arena --csv`).
    fn to_csv(&self) -> String {
        to_csv(&self.table)
    }

    /// Every game counted, as the dicts of the JSON Lines records.
    #[getter]
    fn records<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for r in &self.records {
            let json = serde_json::to_value(r).expect("records serialise");
            list.append(to_python(py, &json)?)?;
        }
        Ok(list)
    }

    /// Games counted (those from a resumed file included).
    #[getter]
    fn games(&self) -> u64 {
        self.table.games
    }

    /// Games played by this call.
    #[getter]
    fn played_now(&self) -> usize {
        self.played_now
    }

    fn __str__(&self) -> String {
        self.table.to_string()
    }

    fn __repr__(&self) -> String {
        let agents: Vec<String> = self
            .table
            .agents
            .iter()
            .map(|a| format!("{} {:.1}%", a.agent, 100.0 * a.score))
            .collect();
        format!(
            "<Standings: {} games; {}>",
            self.table.games,
            agents.join(", ")
        )
    }
}

/// Plays a tournament, as `ply arena` does, and returns its `Standings` (which print as its
/// table).
///
/// - `games`: a game spec or a list of them (`"isolation(width=7,height=7,rules=aind)"`).
/// - `agents`: two or more of: agent specs (`"alphabeta(time=100ms)"`,
///   `'external(cmd="python3 my_agent.py")'`); functions `state -> action or move string`;
///   objects with `get_action(state)`. A Python agent's name in the records is its `name`
///   attribute, else its function's or class's name.
/// - `openings` random openings of `opening_plies` plies from `seed`, each played with both
///   colours by every pairing; or `opening_list`, openings written as `"57,0"`. A game for
///   more players (`"rolit(players=3)"`) seats every table of that many agents in a balanced
///   set of seat orders, or, with fewer agents than seats, every mix of them (two agents at
///   three seats: AAB, ABA, BAA, ABB, BAB, BBA); see docs/arena.md.
/// - `move_time` (`"150ms"` or seconds) and `tolerance` (default 10 ms): a move longer than
///   both loses on time. `max_plies` (2000): a draw after this many plies.
/// - `threads`: games at once (default: every core; 1 when a Python agent plays, since Python
///   agents take turns at the GIL and a clock would count the wait).
/// - `gauntlet=k`: the first k agents play the others, not each other (at a table of more
///   than two, each table holds one of them).
/// - `out`: append each game to this JSON Lines file as it ends; `resume=True` continues a
///   file of the same tournament instead of refusing it.
/// - `sprt=(elo0, elo1)`: a sequential test of the first agent against the second.
/// - `shard="K/N"`: play only the K-th of N disjoint parts of the tournament (for a cluster;
///   the parts' record files merge with `ply arena --from-records`).
///
/// A Python agent that raises, or returns an illegal or unreadable move, loses the game
/// (`reason` `error` or `illegal`, with a `detail`), and the tournament goes on. Runs without
/// the GIL; Ctrl-C stops it (no new game starts; the games under way finish).
#[pyfunction]
#[pyo3(signature = (games, agents, *, openings = 4, opening_plies = 2, opening_list = None, seed = 1, move_time = None, tolerance = None, threads = None, gauntlet = None, max_plies = 2000, out = None, resume = false, sprt = None, shard = None))]
#[allow(clippy::too_many_arguments)]
pub fn arena(
    py: Python<'_>,
    games: &Bound<'_, PyAny>,
    agents: &Bound<'_, PyList>,
    openings: usize,
    opening_plies: u32,
    opening_list: Option<Vec<String>>,
    seed: u64,
    move_time: Option<&Bound<'_, PyAny>>,
    tolerance: Option<&Bound<'_, PyAny>>,
    threads: Option<usize>,
    gauntlet: Option<usize>,
    max_plies: u32,
    out: Option<PathBuf>,
    resume: bool,
    sprt: Option<(f64, f64)>,
    shard: Option<String>,
) -> PyResult<Standings> {
    let games: Vec<String> = if games.is_instance_of::<PyString>() {
        vec![games.extract()?]
    } else {
        games.extract().map_err(|_| {
            PyTypeError::new_err("bad games: expected a game spec (str) or a list of them")
        })?
    };
    let (entries, names) = entries(agents)?;
    if games.is_empty() || names.len() < 2 {
        return Err(bad_value(format!(
            "bad tournament: expected at least one game and two agents (got {} and {})",
            games.len(),
            names.len()
        )));
    }
    if let Some(k) = gauntlet.filter(|&k| k == 0 || k >= names.len()) {
        return Err(bad_value(format!(
            "bad gauntlet `{k}`: expected from 1 to the number of agents minus one ({})",
            names.len() - 1
        )));
    }
    let has_python = entries.iter().any(|e| matches!(e, Entry::Python(_)));
    let config = ArenaConfig {
        games,
        agents: names,
        openings: opening_list.as_ref().map_or(openings, Vec::len),
        opening_plies,
        opening_list,
        seed,
        move_time: duration(move_time, "move_time")?,
        tolerance: duration(tolerance, "tolerance")?.unwrap_or(Duration::from_millis(10)),
        // Python agents take turns at the GIL: with one game at a time, no clock counts the
        // wait for another game's Python agent.
        threads: threads.unwrap_or(if has_python {
            1
        } else {
            ArenaConfig::default().threads
        }),
        gauntlet,
        max_plies,
        shard: match shard {
            Some(text) => ply_arena::Shard::parse(&text).map_err(arena_error)?,
            None => ply_arena::Shard::WHOLE,
        },
    };
    let seats = PythonSeats {
        entries,
        watch: Arc::default(),
    };
    validate_with(&config, &seats).map_err(arena_error)?;
    let (mut records, pending, writer) = match &out {
        Some(path) => {
            let Resumed {
                records,
                pending,
                writer,
            } = ply_arena::resume(&config, path, resume).map_err(arena_error)?;
            (records, pending, Some(Mutex::new(writer)))
        }
        None => (Vec::new(), ply_arena::Pending::all(&config), None),
    };
    let played = Mutex::new(Vec::new());
    let write_error = Mutex::new(None);
    let result = interruptible_watching(py, Some(&seats.watch), |stop| {
        run_with(
            &config,
            &pending,
            &seats,
            &|record: GameRecord| {
                if let Some(writer) = &writer {
                    if let Err(e) = writer.lock().expect("no panic").write(&record) {
                        write_error.lock().expect("no panic").get_or_insert(e);
                    }
                }
                played.lock().expect("no panic").push(record);
            },
            Some(stop),
        )
    })?;
    result.map_err(arena_error)?;
    if let (Some(e), Some(path)) = (write_error.into_inner().expect("no panic"), &out) {
        return Err(PyOSError::new_err(format!(
            "cannot write `{}`: {e}",
            path.display()
        )));
    }
    let new_games = played.into_inner().expect("no panic");
    let played_now = new_games.len();
    records.extend(new_games);
    Ok(Standings::of(records, &config.agents, sprt, played_now))
}
