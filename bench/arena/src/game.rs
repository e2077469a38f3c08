//! One game between its seats (two, or as many as the game has players), with every move
//! timed ([`MoveClock`]) and checked: the loop behind both the tournament and `ply play`. A seat is an agent or anything else that chooses moves (a human
//! at a terminal, a program over a pipe); an agent that panics, plays an illegal move or none,
//! or overruns the clock loses the game, and the game says why.

use crate::clock::MoveClock;
use crate::hook::in_agent;
use crate::ArenaError;
use ply_search::chance::{sample, ChanceList};
use ply_search::{Agent, Game, Outcome, Rng, Score};
use serde::{Deserialize, Serialize};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Duration;

/// How a game ended. The records name it in lower case (`normal`, `timeout`, `illegal`,
/// `panic`, `error`, `max-plies`, `resigned`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndReason {
    /// By the rules.
    #[default]
    Normal,
    /// A seat overran the clock by more than the tolerance.
    Timeout,
    /// A seat played an illegal move (or none).
    Illegal,
    /// A seat panicked.
    Panic,
    /// A seat failed without panicking: an agent written in Python raised an exception, an
    /// external program died, closed its output or answered nonsense.
    Error,
    /// The guard against endless games.
    MaxPlies,
    /// A seat resigned.
    Resigned,
}

impl EndReason {
    /// The name in the records.
    pub fn name(self) -> &'static str {
        match self {
            EndReason::Normal => "normal",
            EndReason::Timeout => "timeout",
            EndReason::Illegal => "illegal",
            EndReason::Panic => "panic",
            EndReason::Error => "error",
            EndReason::MaxPlies => "max-plies",
            EndReason::Resigned => "resigned",
        }
    }

    /// Whether the loser lost by a fault (an illegal move, a panic or an error): a forfeit.
    pub fn is_forfeit(self) -> bool {
        matches!(
            self,
            EndReason::Illegal | EndReason::Panic | EndReason::Error
        )
    }
}

/// What a seat answers when asked for a move.
#[derive(Clone, Debug)]
pub enum Choice<M> {
    /// A move (`None`: the seat found none), with what its search cost and thought of it.
    Play {
        /// The move.
        mv: Option<M>,
        /// Nodes searched (0 for a human).
        nodes: u64,
        /// The search's score for the mover, if it searched.
        score: Option<Score>,
    },
    /// The seat gives up.
    Resign,
    /// The seat failed and loses the game for `reason` (an illegal move it named in words the
    /// game does not accept, an error, a timeout it noticed itself), with what went wrong.
    Forfeit {
        /// Why it loses (`Illegal`, `Error` or `Timeout`).
        reason: EndReason,
        /// What went wrong, in one line.
        detail: String,
    },
}

/// Whoever chooses the moves of one side.
pub trait Seat<G: Game> {
    /// A new game begins under `rules` (an agent forgets the last one's tree; a program over
    /// a pipe learns the clock).
    fn new_game(&mut self, _rules: &GameRules) {}

    /// The move to play in `state`. An error stops the game without a result (a human's input
    /// ended); a panic is the seat's fault and loses the game.
    fn choose(&mut self, state: &G) -> Result<Choice<G::Move>, ArenaError>;
}

impl<G: Game> Seat<G> for Box<dyn Agent<G>> {
    fn new_game(&mut self, _rules: &GameRules) {
        Agent::new_game(self.as_mut());
    }

    fn choose(&mut self, state: &G) -> Result<Choice<G::Move>, ArenaError> {
        let result = self.select_move(state);
        Ok(Choice::Play {
            mv: result.best_move,
            nodes: result.stats.nodes,
            score: Some(result.score),
        })
    }
}

/// The rules of one game: the clock and the guard against endless games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameRules {
    /// A move taking longer than this plus `tolerance` loses on time (`None`: no clock).
    pub move_time: Option<Duration>,
    /// The time allowed beyond `move_time`.
    pub tolerance: Duration,
    /// Plies (opening included) after which the game is stopped as a draw.
    pub max_plies: u32,
    /// The seed of the dice, in games with chance nodes: the `n`-th roll of every game played
    /// with one seed draws the same number, so that a tournament gives both colours of an
    /// opening the same dice ([`crate::ArenaConfig::dice_seed`]).
    pub dice_seed: u64,
}

/// One move as it was played, for watchers (`ply play` prints it).
#[derive(Clone, Debug)]
pub struct PlayedMove<'a, G: Game> {
    /// The position before the move.
    pub before: &'a G,
    /// The position after it.
    pub after: &'a G,
    /// The move.
    pub mv: G::Move,
    /// Nodes its search took.
    pub nodes: u64,
    /// The search's score for the mover, if it searched.
    pub score: Option<Score>,
    /// The time it took the agent ([`MoveClock`]: the wall time less the thread's wait for a
    /// core).
    pub elapsed: Duration,
}

/// A finished game, before it becomes a record.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayedGame {
    /// The opening, in notation.
    pub opening: Vec<String>,
    /// The seats' moves after the opening.
    pub moves: Vec<String>,
    /// The winning player (0 or 1 of two), or `None` for a draw (and, with more than two
    /// players, for a game a seat lost by a fault: [`PlayedGame::faulted`]).
    pub winner: Option<usize>,
    /// How it ended.
    pub reason: EndReason,
    /// What went wrong, for faults.
    pub detail: Option<String>,
    /// Milliseconds per seat move, by the move clock ([`MoveClock`]).
    pub times_ms: Vec<f64>,
    /// Nodes per seat move.
    pub nodes: Vec<u64>,
    /// In games with dice or more than two players, the player of each seat move, in the
    /// order of `times_ms` (the dice, and a player who must pass, break the alternation);
    /// empty in two-player games without dice.
    pub movers: Vec<usize>,
    /// With more than two players, the points of each player (player 0 first), which sum to
    /// 1: the winner's 1, a draw's equal shares, or, when a seat lost by a fault, 0 for it and
    /// equal shares for the others. Empty with two players, where `winner` says it all.
    pub points: Vec<f64>,
    /// With more than two players, the player who lost by a fault (a timeout, an illegal
    /// move, a panic, an error or a resignation), if one did.
    pub faulted: Option<usize>,
}

/// The points of each of `players` players at the end of a game (the records' `points`): 1 for
/// the `winner`; with none, 0 for the player who lost by a fault (`faulted`) and equal shares
/// for the others, or, without a fault either (a draw, a game stopped by the guard against
/// endless games), `1 / players` each.
///
/// ```
/// use ply_arena::game::table_points;
/// assert_eq!(table_points(3, Some(2), None), [0.0, 0.0, 1.0]);
/// assert_eq!(table_points(3, None, Some(0)), [0.0, 0.5, 0.5]);
/// assert_eq!(table_points(4, None, None), [0.25; 4]);
/// ```
pub fn table_points(players: usize, winner: Option<usize>, faulted: Option<usize>) -> Vec<f64> {
    match (winner, faulted) {
        (Some(w), _) => (0..players)
            .map(|p| if p == w { 1.0 } else { 0.0 })
            .collect(),
        (None, Some(f)) => {
            let share = 1.0 / (players - 1) as f64;
            (0..players)
                .map(|p| if p == f { 0.0 } else { share })
                .collect()
        }
        (None, None) => vec![1.0 / players as f64; players],
    }
}

/// Plays one game from `start` after `opening` between `seats` (player 0 first, one seat per
/// player of the game), calling `watch` after every seat move and every roll of the dice
/// (rolled from [`GameRules::dice_seed`] by their probabilities). Every move is timed and
/// checked and panics are caught: a faulty seat loses the game, the game says why (with more
/// than two players, the others share the win).
pub fn play_game<G: Game>(
    start: &G,
    opening: &[G::Move],
    seats: &mut [&mut dyn Seat<G>],
    rules: &GameRules,
    watch: &mut dyn FnMut(&PlayedMove<'_, G>),
) -> Result<PlayedGame, ArenaError> {
    play_game_with_dice(start, opening, seats, rules, &mut |_| None, watch)
}

/// [`play_game`], asking `dice` for each roll first: the outcome it gives is played if it is
/// one of the roll's outcomes, and the dice of [`GameRules::dice_seed`] roll when it gives
/// none (`ply play --dice ask`: a person types the dice rolled at the table).
pub fn play_game_with_dice<G: Game>(
    start: &G,
    opening: &[G::Move],
    seats: &mut [&mut dyn Seat<G>],
    rules: &GameRules,
    dice: &mut dyn FnMut(&G) -> Option<G::Move>,
    watch: &mut dyn FnMut(&PlayedMove<'_, G>),
) -> Result<PlayedGame, ArenaError> {
    let players = start.player_count();
    if seats.len() != players {
        return Err(ArenaError::config(format!(
            "bad seats: {} for a game of {players} players; expected one seat per player",
            seats.len()
        )));
    }
    let many = players > 2;
    let mut state = start.clone();
    let mut played = PlayedGame {
        opening: opening
            .iter()
            .map(|&mv| {
                let text = state.format_move(mv);
                state = state.play(mv);
                text
            })
            .collect(),
        ..PlayedGame::default()
    };
    for seat in seats.iter_mut() {
        seat.new_game(rules);
    }
    let mut roller = Rng::new(rules.dice_seed);
    let mut outcomes = ChanceList::new();
    loop {
        if let Some(outcome) = state.outcome() {
            played.winner = match outcome {
                Outcome::Win(p) => Some(p.index()),
                Outcome::Draw => None,
            };
            if many {
                played.points = table_points(players, played.winner, None);
            }
            return Ok(played);
        }
        if played.moves.len() + opening.len() >= rules.max_plies as usize {
            played.reason = EndReason::MaxPlies;
            if many {
                played.points = table_points(players, None, None);
            }
            return Ok(played);
        }
        if G::HAS_CHANCE && state.is_chance_node() {
            // The dice are the arena's: no seat chooses them.
            outcomes.clear();
            state.chance_outcomes(&mut outcomes);
            let roll = match dice(&state) {
                Some(given) if outcomes.iter().any(|c| c.outcome == given) => given,
                _ => sample(&outcomes, &mut roller),
            };
            let before = state.clone();
            played.moves.push(state.format_move(roll));
            state = state.play(roll);
            watch(&PlayedMove {
                before: &before,
                after: &state,
                mv: roll,
                nodes: 0,
                score: None,
                elapsed: Duration::ZERO,
            });
            continue;
        }
        let mover = state.to_move();
        let loses = |played: &mut PlayedGame, reason, detail: Option<String>| {
            if many {
                played.points = table_points(players, None, Some(mover.index()));
                played.faulted = Some(mover.index());
            } else {
                played.winner = Some(mover.other().index());
            }
            played.reason = reason;
            played.detail = detail;
        };
        let clock = MoveClock::start();
        let seat = &mut seats[mover.index()];
        let answer = catch_unwind(AssertUnwindSafe(|| in_agent(|| seat.choose(&state))));
        let elapsed = clock.elapsed();
        let choice = match answer {
            Ok(choice) => choice?,
            Err(payload) => {
                let text = payload
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".into());
                loses(&mut played, EndReason::Panic, Some(text));
                return Ok(played);
            }
        };
        let (mv, nodes, score) = match choice {
            Choice::Resign => {
                loses(&mut played, EndReason::Resigned, None);
                return Ok(played);
            }
            Choice::Forfeit { reason, detail } => {
                loses(&mut played, reason, Some(detail));
                return Ok(played);
            }
            Choice::Play { mv, nodes, score } => (mv, nodes, score),
        };
        played.times_ms.push(elapsed.as_secs_f64() * 1e3);
        played.nodes.push(nodes);
        if G::HAS_CHANCE || many {
            played.movers.push(mover.index());
        }
        if let Some(limit) = rules.move_time {
            if elapsed > limit + rules.tolerance {
                let detail = format!("{:.1} ms for a move", elapsed.as_secs_f64() * 1e3);
                loses(&mut played, EndReason::Timeout, Some(detail));
                return Ok(played);
            }
        }
        match mv {
            Some(mv) if state.legal_moves().contains(&mv) => {
                let before = state.clone();
                played.moves.push(state.format_move(mv));
                state = state.play(mv);
                watch(&PlayedMove {
                    before: &before,
                    after: &state,
                    mv,
                    nodes,
                    score,
                    elapsed,
                });
            }
            other => {
                let what = other.map_or("no move".to_string(), |m| format!("{m:?}"));
                let detail = format!("illegal move {what} in {}", state.position());
                loses(&mut played, EndReason::Illegal, Some(detail));
                return Ok(played);
            }
        }
    }
}
