//! Searches, perft and the solver from Python. Each runs on a thread of its own without the
//! GIL, so Python threads run searches in parallel; the calling thread wakes every 10 ms to
//! look at Python's signals, and Ctrl-C stops the work and raises `KeyboardInterrupt`.

// `with_game!` expands the same code for every game; most states are `Copy`, an explicit
// tree is not, so the states are cloned.
#![allow(clippy::clone_on_copy)]

use crate::convert::to_python;
use crate::errors::{bad_value, to_py};
use crate::pygame::{is_python_game, take_raised};
use crate::pyshape::{with_python_game, PythonGame, ShapeAgents};
use crate::state::State;
use crate::watch::CallWatch;
use ply_arena::{in_agent, QuietAgentPanics};
use ply_registry::{with_game, Prebuilt};
use ply_search::agents::{parse_duration, parse_size};
use ply_search::conformance::{self, Config};
use ply_search::describe::{Actions, NamedEvaluators};
use ply_search::perft::{perft_until, Count};
use ply_search::solver::chance::{
    value_iteration, ChanceSolution, IterationError, IterationOptions,
};
use ply_search::solver::{solve_until, Solution, Solvable, SolveError, SolverOptions};
use ply_search::SearchHints;
use ply_search::{Game, Spec, StopFlag};
use ply_view::{chance_solution_json, search_json};
use pyo3::exceptions::{PyAssertionError, PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use std::sync::mpsc::RecvTimeoutError;
use std::time::Duration;

/// Runs `work` on its own thread without the GIL, checking Python's signals every 10 ms and
/// returning as soon as the work ends; on a signal's exception (Ctrl-C), raises the stop flag
/// `work` was given, waits for it to return and raises the exception.
pub(crate) fn interruptible<R: Send>(
    py: Python<'_>,
    work: impl FnOnce(&StopFlag) -> R + Send,
) -> PyResult<R> {
    interruptible_watching(py, None, work)
}

/// [`interruptible`] for work that calls agents written in Python: every 10 ms the calls of
/// `watch` past their deadline are stopped, and on Ctrl-C every call under way is, so that an
/// agent that never returns cannot hold the work.
pub(crate) fn interruptible_watching<R: Send>(
    py: Python<'_>,
    watch: Option<&CallWatch>,
    work: impl FnOnce(&StopFlag) -> R + Send,
) -> PyResult<R> {
    let stop = StopFlag::new();
    let (done, finished) = std::sync::mpsc::channel::<()>();
    std::thread::scope(|scope| {
        let worker_stop = stop.clone();
        let worker = scope.spawn(move || {
            // Dropped however the work ends, a panic included: the waiting thread wakes at once.
            let _done = done;
            work(&worker_stop)
        });
        let mut finished = Some(finished);
        // Waits up to 10 ms for the work to end without the GIL; true once it has.
        let mut ended = |py: Python<'_>| {
            // The receiver goes with the wait (it may not be shared), and comes back.
            let receiver = finished
                .take()
                .expect("the receiver is back after each wait");
            let (back, waited) = py.detach(move || {
                let waited = receiver.recv_timeout(Duration::from_millis(10));
                (receiver, waited)
            });
            finished = Some(back);
            !matches!(waited, Err(RecvTimeoutError::Timeout))
        };
        while !ended(py) {
            if let Some(watch) = watch {
                watch.stop_overtime(py);
            }
            if let Err(signal) = py.check_signals() {
                stop.stop();
                // Without the GIL between the tries: the work may still call Python.
                if let Some(watch) = watch {
                    watch.interrupt(py);
                    while !ended(py) {
                        watch.interrupt(py);
                    }
                }
                py.detach(|| {
                    let _ = worker.join();
                });
                return Err(signal);
            }
        }
        py.detach(|| worker.join()).map_err(|payload| {
            // A game written in Python raised: its exception, as it was.
            take_raised().unwrap_or_else(|| {
                PyRuntimeError::new_err(format!(
                    "the search panicked: {}",
                    panic_text(payload.as_ref())
                ))
            })
        })
    })
}

/// A panic's message (`panic!` with a string, or a formatted one).
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "a panic".into())
}

/// What a search, perft or solve runs on: a state of a registered game, or a game written in
/// Python.
enum Target<'a, 'py> {
    Registry(PyRef<'py, State>),
    Python(&'a Bound<'py, PyAny>),
}

impl<'a, 'py> Target<'a, 'py> {
    /// The target `object` is, or a `TypeError` naming the accepted kinds.
    fn of(object: &'a Bound<'py, PyAny>) -> PyResult<Target<'a, 'py>> {
        if is_python_game(object) {
            return Ok(Target::Python(object));
        }
        object.extract::<PyRef<'py, State>>().map(Target::Registry).map_err(|_| {
            PyTypeError::new_err(format!(
                "bad state {}: expected a ply_search.State or a game written in Python (an object with to_move(), moves(), play(move) and outcome())",
                object.repr().map_or("?".to_string(), |r| r.to_string())
            ))
        })
    }
}

/// Refuses a finished position.
fn going_on<G: Game>(s: &G) -> PyResult<()> {
    if s.is_terminal() {
        return Err(bad_value(format!(
            "bad position `{}`: expected a position where the game goes on (this one is over)",
            s.position()
        )));
    }
    Ok(())
}

/// `work` on a game written in Python: as [`interruptible`], with the threads' unwinding
/// from a Python exception kept quiet (the exception is raised instead).
fn python_work<R: Send>(py: Python<'_>, work: impl FnOnce(&StopFlag) -> R + Send) -> PyResult<R> {
    let _quiet = QuietAgentPanics::install();
    interruptible(py, |stop| {
        // The worker holds the GIL for the whole work, so that a call into the game costs no
        // more than a call from Python (taking the GIL per call is three times slower). The
        // calling thread still gets it at Python's switch interval to look for Ctrl-C. The
        // work must not wait for threads of its own: they would wait for the GIL.
        Python::attach(|_| in_agent(|| work(stop)))
    })
}

/// Refuses an agent spec that would search a game written in Python on several threads.
fn one_thread(agent: &str) -> PyResult<()> {
    let mut spec = Spec::parse(agent).map_err(to_py)?;
    match spec.take("threads") {
        Some(n) if n.trim() != "1" => Err(bad_value(format!(
            "bad {} value `threads={n}`: expected threads=1 for a game written in Python (every node calls Python, one thread at a time)",
            spec.name
        ))),
        _ => Ok(()),
    }
}

/// What makes an agent for [`search_in`].
type BuildFn<G> = fn(&str) -> Result<Box<dyn ply_search::Agent<G>>, ply_search::NotationError>;

/// `agent`'s search of `s`: the JSON of `ply search --json` and the best move's action.
/// `build` makes the agent: a registered game's is compiled in the registry
/// ([`Prebuilt::build_agent`]), a Python game's here.
fn search_in<G: NamedEvaluators + SearchHints>(
    py: Python<'_>,
    s: &G,
    agent: &str,
    python: bool,
    build: BuildFn<G>,
    action: impl Fn(&G, G::Move) -> usize + Send,
) -> PyResult<(serde_json::Value, Option<usize>)> {
    let mut searcher = build(agent).map_err(to_py)?;
    going_on(s)?;
    let s = s.clone();
    let work = move |stop: &StopFlag| {
        searcher.set_stop(Some(stop.clone()));
        let result = searcher.select_move(&s);
        let best = result.best_move.map(|m| action(&s, m));
        (search_json(&s, searcher.name(), &result), best)
    };
    if python {
        python_work(py, work)
    } else {
        interruptible(py, work)
    }
}

/// The agent named by `agent` (an agent spec, as for `ply search`) searches `state` (a
/// `State`, or a game written in Python); returns what `ply search --json` prints, as a dict:
/// `best_move`, `score`, `score_text`, `pv`, `stats`... and `best_action`, the best move's
/// action number (for a game written in Python, its place in `moves()`).
#[pyfunction]
pub fn search<'py>(
    py: Python<'py>,
    state: &Bound<'py, PyAny>,
    agent: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let (json, best_action) = match Target::of(state)? {
        Target::Registry(state) => {
            with_game!(&state.state, s => search_in(py, s, agent, false, Prebuilt::build_agent, |s, m| s.action(m))?)
        }
        Target::Python(object) => {
            one_thread(agent)?;
            with_python_game!(PythonGame::new(py, object)?, s, S => {
                search_in(py, &s, agent, true, S::build, |_, m| m as usize)?
            })
        }
    };
    let dict = to_python(py, &json)?;
    dict.set_item("best_action", best_action)?;
    Ok(dict)
}

/// The leaves of the game tree below `state` (a `State`, or a game written in Python) cut at
/// `depth` plies; `count="strict"` counts only lines of exactly `depth` plies (see
/// `ply perft --count`).
#[pyfunction]
#[pyo3(signature = (state, depth, count = "leaves"))]
pub fn perft(py: Python<'_>, state: &Bound<'_, PyAny>, depth: u32, count: &str) -> PyResult<u64> {
    let count = match count {
        "leaves" => Count::Leaves,
        "strict" => Count::Strict,
        other => {
            return Err(bad_value(format!(
                "bad count `{other}`: expected leaves or strict"
            )))
        }
    };
    if depth > 64 {
        return Err(bad_value(format!(
            "bad depth `{depth}`: expected at most 64 plies"
        )));
    }
    let leaves = match Target::of(state)? {
        Target::Registry(state) => with_game!(&state.state, s => {
            let s = s.clone();
            interruptible(py, move |stop| s.perft_until(depth, count, stop))?
        }),
        Target::Python(object) => {
            with_python_game!(PythonGame::new(py, object)?, s, _S => {
                python_work(py, move |stop| perft_until(&s, depth, count, stop))?
            })
        }
    };
    leaves.ok_or_else(|| PyRuntimeError::new_err("perft stopped"))
}

/// Plays `count` uniformly random games from `state` (a registry `State`; dice rolled by their
/// probabilities) with the random stream `seed`, as MCTS's playouts do: the Monte Carlo value
/// of a position, and the measure of a game's raw speed. Returns `{"wins": [p0, p1], "draws":
/// n, "plies": total}` (one count of wins a player).
#[pyfunction]
#[pyo3(signature = (state, count, seed = 0))]
pub fn playouts<'py>(
    py: Python<'py>,
    state: &Bound<'py, PyAny>,
    count: u64,
    seed: u64,
) -> PyResult<Bound<'py, PyAny>> {
    let Target::Registry(state) = Target::of(state)? else {
        return Err(PyTypeError::new_err(
            "playouts takes a State of a registered game (ply_search.load_game(...).new_initial_state())",
        ));
    };
    let (wins, draws, plies) = with_game!(&state.state, s => {
        let s = s.clone();
        interruptible(py, move |stop| {
            let mut rng = ply_search::Rng::new(seed);
            let (mut wins, mut draws, mut plies) = (vec![0u64; s.player_count()], 0u64, 0u64);
            for _ in 0..count {
                if stop.is_raised() {
                    break;
                }
                let (end, made) = s.random_playout(&mut rng, u32::MAX);
                plies += made as u64;
                match end.outcome() {
                    Some(ply_search::Outcome::Win(p)) => wins[p.index()] += 1,
                    _ => draws += 1,
                }
            }
            (wins, draws, plies)
        })?
    });
    let dict = pyo3::types::PyDict::new(py);
    dict.set_item("wins", wins)?;
    dict.set_item("draws", draws)?;
    dict.set_item("plies", plies)?;
    Ok(dict.into_any())
}

/// The solver behind [`solve_in`]: [`Prebuilt::solve_until`] for a registered game, compiled
/// in the registry, [`solve_until`] for a game written in Python.
type SolveFn<G> = fn(
    &G,
    &SolverOptions,
    bool,
    &StopFlag,
) -> Result<Solution<<G as ply_search::Game>::Move>, SolveError>;

/// The solution of `s` as `ply solve --json` writes it, or the solver's error.
fn solve_in<G: Solvable>(
    py: Python<'_>,
    s: &G,
    options: &SolverOptions,
    all_replies: bool,
    python: bool,
    solve: SolveFn<G>,
) -> PyResult<Result<serde_json::Value, String>> {
    let s = s.clone();
    let work = move |stop: &StopFlag| {
        solve(&s, options, all_replies, stop)
            .map(|solution| serde_json::to_value(&solution).expect("a solution serialises"))
            .map_err(|e| e.to_string())
    };
    if python {
        python_work(py, work)
    } else {
        interruptible(py, work)
    }
}

/// Solves `state` (a `State`, or a game written in Python) exactly, as `ply solve --json`: the
/// value, every move's value, and with `all_replies` every reply's; a game with dice by value
/// iteration (its value, winning chances and best move). Limits as strings
/// (`time="30s"`, `tt="64MiB"`) or numbers (`nodes=1_000_000`).
#[pyfunction]
#[pyo3(signature = (state, all_replies = false, distance = false, threads = 1, tt = "64MiB", time = None, nodes = None))]
#[allow(clippy::too_many_arguments)]
pub fn solve<'py>(
    py: Python<'py>,
    state: &Bound<'py, PyAny>,
    all_replies: bool,
    distance: bool,
    threads: usize,
    tt: &str,
    time: Option<&str>,
    nodes: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let options = solver_options(distance, threads, tt, time, nodes)?;
    // A game with dice is solved by value iteration, which has none of the proof search's
    // switches: one given is refused, not ignored.
    let refuse_proof_switches = || -> PyResult<()> {
        let given = [
            (all_replies, "all_replies"),
            (distance, "distance"),
            (threads != 1, "threads"),
            (nodes.is_some(), "nodes"),
        ];
        match given.iter().find(|(on, _)| *on) {
            Some((_, name)) => Err(bad_value(format!(
                "bad {name} for a game with dice: expected solve(state) or solve(state, time=...) (value iteration, which takes no {name})"
            ))),
            None => Ok(()),
        }
    };
    let json = match Target::of(state)? {
        Target::Registry(state) => {
            state.state.require_two_players("solve").map_err(to_py)?;
            if state.state.has_chance() {
                refuse_proof_switches()?;
                with_game!(&state.state, s => solve_by_iteration(py, s, options.max_time, false, Prebuilt::value_iteration)?)
            } else {
                with_game!(&state.state, s => solve_in(py, s, &options, all_replies, false, Prebuilt::solve_until)?)
            }
        }
        Target::Python(object) => {
            if threads > 1 {
                return Err(bad_value(format!(
                    "bad threads `{threads}`: expected 1 for a game written in Python (every node calls Python, one thread at a time)"
                )));
            }
            match PythonGame::new(py, object)? {
                PythonGame::TwoPlayers(s) => {
                    solve_in(py, &s, &options, all_replies, true, solve_until)?
                }
                PythonGame::Dice(s) => {
                    refuse_proof_switches()?;
                    solve_by_iteration(py, &s, options.max_time, true, value_iteration)?
                }
                PythonGame::ManyPlayers(s) => return Err(many_players(s.player_count())),
                PythonGame::ManyWithDice(s) => return Err(many_players(s.player_count())),
            }
        }
    };
    match json {
        Ok(json) => to_python(py, &json),
        Err(message) => Err(PyRuntimeError::new_err(message)),
    }
}

/// The refusal of `solve` for a game written in Python of `players` players.
fn many_players(players: usize) -> PyErr {
    bad_value(format!(
        "bad game for solve: expected a game of two players (this one has {players}; search takes it, with maxn, paranoid, brs, mcts, greedy or random)"
    ))
}

/// Value iteration behind [`solve_by_iteration`]: [`Prebuilt::value_iteration`] for a
/// registered game, [`value_iteration`] for a game written in Python.
type IterateFn<G> = fn(&G, &IterationOptions) -> Result<ChanceSolution<G>, IterationError>;

/// A game with dice solved by value iteration, as `ply solve --json` writes it
/// ([`chance_solution_json`]); a limit that stops it first gives `{"stopped_by": reason}`.
fn solve_by_iteration<G: SearchHints>(
    py: Python<'_>,
    s: &G,
    max_time: Option<Duration>,
    python: bool,
    iterate: IterateFn<G>,
) -> PyResult<Result<serde_json::Value, String>> {
    let s = s.clone();
    let work = move |stop: &StopFlag| {
        let mut limits = ply_search::Limits::none();
        limits.time = max_time;
        limits.stop = Some(stop.clone());
        let options = IterationOptions {
            limits,
            ..IterationOptions::default()
        };
        match iterate(&s, &options) {
            Ok(solution) => Ok(chance_solution_json(&s, &solution)),
            Err(IterationError::Stopped(reason)) => Ok(serde_json::json!({ "stopped_by": reason })),
            Err(e) => Err(e.to_string()),
        }
    };
    if python {
        python_work(py, work)
    } else {
        interruptible(py, work)
    }
}

/// The solver's options from `solve`'s and `solve_batch`'s arguments, or the one-line error.
fn solver_options(
    distance: bool,
    threads: usize,
    tt: &str,
    time: Option<&str>,
    nodes: Option<u64>,
) -> PyResult<SolverOptions> {
    let tt_bytes = parse_size(tt).ok_or_else(|| {
        bad_value(format!(
            "bad tt `{tt}`: expected a size like 64MiB, 1GiB or 0"
        ))
    })?;
    let max_time = time
        .map(|t| {
            parse_duration(t).ok_or_else(|| {
                bad_value(format!(
                    "bad time `{t}`: expected a duration like 500ms or 30s"
                ))
            })
        })
        .transpose()?;
    if !(1..=256).contains(&threads) {
        return Err(bad_value(format!(
            "bad threads `{threads}`: expected a number from 1 to 256"
        )));
    }
    Ok(SolverOptions {
        tt_bytes,
        distance,
        threads,
        max_nodes: nodes,
        max_time,
        ..SolverOptions::default()
    })
}

/// Solves many positions of `state`'s game in one run, as `ply solve GAME --batch --json`:
/// `positions` in the game's notation, answered by one dict each, in order (`value`,
/// `outcome`, `plies` with `distance`, the game's own `score`, `nodes` and `micros`; `error`
/// for a position that cannot be read or is already over; `stopped_by` for one a limit left
/// unsolved). Each thread keeps one solver and its table for the whole batch; `time` is for
/// the whole batch, `nodes` for each position.
#[pyfunction]
#[pyo3(signature = (state, positions, *, distance = false, threads = 1, tt = "64MiB", time = None, nodes = None))]
#[allow(clippy::too_many_arguments)]
pub fn solve_batch<'py>(
    py: Python<'py>,
    state: &Bound<'py, PyAny>,
    positions: Vec<String>,
    distance: bool,
    threads: usize,
    tt: &str,
    time: Option<&str>,
    nodes: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let options = solver_options(distance, threads, tt, time, nodes)?;
    let Target::Registry(state) = Target::of(state)? else {
        return Err(PyTypeError::new_err(
            "solve_batch takes a State of a registered game (ply_search.load_game(...).new_initial_state())",
        ));
    };
    state
        .state
        .require_two_players("solve_batch")
        .map_err(to_py)?;
    let answers = with_game!(&state.state, s => batch_in(py, s, &positions, &options)?);
    to_python(py, &serde_json::Value::Array(answers))
}

/// `positions` of `start`'s game solved as one batch without the GIL, one JSON object each.
fn batch_in<G: Prebuilt>(
    py: Python<'_>,
    start: &G,
    positions: &[String],
    options: &SolverOptions,
) -> PyResult<Vec<serde_json::Value>> {
    use ply_search::solver::batch::{answer_json, read_position, refusal_json};
    let read: Vec<Result<G, String>> = positions.iter().map(|p| read_position(start, p)).collect();
    let good: Vec<G> = read.iter().filter_map(|r| r.clone().ok()).collect();
    let solved = interruptible(py, |stop| {
        let mut solved = Vec::with_capacity(good.len());
        G::solve_batch(&good, options, stop, &mut |_, answer| solved.push(answer));
        solved
    })?;
    let mut solved = solved.into_iter();
    Ok(positions
        .iter()
        .zip(&read)
        .map(|(text, read)| match read {
            Ok(_) => answer_json(
                text,
                &solved.next().expect("one answer a position"),
                options.distance,
            ),
            Err(why) => refusal_json(text, why),
        })
        .collect())
}

/// The conformance kit on `start`: `games` random games from it with every rule's invariants
/// checked at every position (moves generated twice agree, played moves change the mover and
/// the ply, keys are stable, notation reads back...). A broken rule is an `AssertionError`.
fn check_in<G: SearchHints>(py: Python<'_>, start: &G, config: &Config) -> PyResult<()> {
    let _quiet = QuietAgentPanics::install();
    let start = start.clone();
    let checked = interruptible(py, move |_| {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            in_agent(|| conformance::check(&start, config))
        }))
    })?;
    checked.map_err(|payload| {
        take_raised().unwrap_or_else(|| PyAssertionError::new_err(panic_text(payload.as_ref())))
    })
}

/// Runs the conformance kit (the same checks every ply game passes) on `state`, a `State` or a
/// game written in Python: `games` random games from it, with `seed`; raises `AssertionError`
/// naming the first broken rule and where. Returns the number of games checked.
#[pyfunction]
#[pyo3(signature = (state, games = 50, seed = 1, max_plies = 0))]
pub fn check(
    py: Python<'_>,
    state: &Bound<'_, PyAny>,
    games: usize,
    seed: u64,
    max_plies: u32,
) -> PyResult<usize> {
    let config = Config {
        games,
        seed,
        max_plies,
    };
    match Target::of(state)? {
        Target::Registry(state) => with_game!(&state.state, s => check_in(py, s, &config)?),
        Target::Python(object) => {
            with_python_game!(PythonGame::new(py, object)?, s, _S => check_in(py, &s, &config)?)
        }
    }
    Ok(games)
}
