//! `ply play`: a game in the terminal, with any mix of people and agents in its seats (two, or
//! as many as the game has players); the board is
//! drawn after each move, the agent's search summarised, the human's move read in the game's
//! notation (a bad entry is answered with the legal moves, and asked again). The game is played
//! by the arena's own loop ([`ply_arena::play_game`]), so it is timed, checked and recorded
//! exactly as a tournament game is.

use crate::cli::PositionArgs;
use crate::error::CliError;
use clap::{Args, ValueEnum};
use ply_arena::game::play_game_with_dice;
use ply_arena::{spec_seat, ArenaError, Choice, EndReason, GameRecord, GameRules, Seat};
use ply_registry::{with_game, AnyGame};
use ply_search::describe::position_after as position;
use ply_search::describe::{Describe, FrontEndGame};
use ply_search::score::describe;
use std::cell::RefCell;
use std::io::{BufRead, Write};
use std::time::Instant;

/// A human at the keyboard: shown the move format and the legal moves, asked until a legal
/// move or `resign` is typed. The seats and the move printer share the terminal.
struct Human<'a, 'i, 'o> {
    mover: usize,
    input: &'a RefCell<&'i mut dyn BufRead>,
    out: &'a RefCell<&'o mut dyn Write>,
}

impl<G: Describe> Seat<G> for Human<'_, '_, '_> {
    fn choose(&mut self, state: &G) -> Result<Choice<G::Move>, ArenaError> {
        let io = |e: std::io::Error| ArenaError::Seat(format!("cannot write output: {e}"));
        let legal: Vec<String> = state
            .legal_moves()
            .into_iter()
            .map(|m| state.move_for_people(m))
            .collect();
        let mut out = self.out.borrow_mut();
        writeln!(out, "moves: {}", state.move_format()).map_err(io)?;
        writeln!(out, "{}", wrapped("legal:", &legal)).map_err(io)?;
        loop {
            write!(out, "player {}, your move (or resign): ", self.mover).map_err(io)?;
            out.flush().map_err(io)?;
            let mut line = String::new();
            let read = self
                .input
                .borrow_mut()
                .read_line(&mut line)
                .map_err(|e| ArenaError::Seat(format!("cannot read input: {e}")))?;
            if read == 0 {
                return Err(ArenaError::Seat(
                    "bad input: it ended before the game did; expected a move per line".into(),
                ));
            }
            let text = line.trim();
            if text == "resign" {
                return Ok(Choice::Resign);
            }
            match state.parse_move(text) {
                Ok(mv) if state.legal_moves().contains(&mv) => {
                    return Ok(Choice::Play {
                        mv: Some(mv),
                        nodes: 0,
                        score: None,
                    })
                }
                _ => writeln!(
                    out,
                    "not a legal move: `{text}`; expected {}\n{}",
                    state.move_format(),
                    wrapped("legal:", &legal)
                )
                .map_err(io)?,
            }
        }
    }
}

/// `label` and the `items` after it, wrapped to lines of at most 80 characters.
fn wrapped(label: &str, items: &[String]) -> String {
    let mut text = label.to_string();
    let mut width = text.len();
    for item in items {
        if width + 1 + item.len() > 80 {
            text.push_str("\n      ");
            width = 6;
        } else {
            text.push(' ');
            width += 1;
        }
        text.push_str(item);
        width += item.len();
    }
    text
}

/// A move as played: its notation, and where a person finds it on the board when that reads
/// differently (`-11 (to (5,3))`).
fn shown_move<G: Describe>(before: &G, mv: G::Move) -> String {
    let (notation, people) = (before.format_move(mv), before.move_for_people(mv));
    if notation == people {
        notation
    } else {
        format!("{notation} (to {people})")
    }
}

/// Who rolls the dice in `ply play`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Dice {
    /// ply rolls them (from `--dice-seed`).
    Roll,
    /// The terminal asks for each roll (dice rolled at the table); an empty line lets ply roll.
    Ask,
}

/// Asks for the roll at `state` on the terminal: the outcome typed, or `None` (ply rolls) for
/// an empty line or the end of the input. A roll that is not an outcome here is answered with
/// the accepted form and asked again.
fn ask_for_dice<G: Describe>(
    state: &G,
    input: &RefCell<&mut dyn BufRead>,
    out: &RefCell<&mut dyn Write>,
) -> Option<G::Move> {
    let mut out = out.borrow_mut();
    loop {
        let prompt = format!(
            "the dice for player {}: type the roll ({}), or Enter to let ply roll: ",
            state.to_move().index(),
            state.move_format()
        );
        write!(out, "{prompt}").ok()?;
        out.flush().ok()?;
        let mut line = String::new();
        if input.borrow_mut().read_line(&mut line).ok()? == 0 {
            return None;
        }
        let text = line.trim();
        if text.is_empty() {
            return None;
        }
        match state.parse_move(text) {
            Ok(mv) => return Some(mv),
            Err(e) => writeln!(out, "{e}").ok()?,
        }
    }
}

/// The opponent `ply play` gives player 1 when `--p1` is not given: alpha-beta for a second,
/// or expectimax for a second in a game with dice (which alpha-beta does not play), or MCTS in
/// a game with variants for more than two players (Rolit for two).
pub fn default_opponent<G: FrontEndGame>() -> &'static str {
    if G::HAS_CHANCE {
        "expectimax(time=1s)"
    } else if G::MANY_PLAYERS {
        "mcts(time=1s)"
    } else {
        "alphabeta(time=1s)"
    }
}

fn default_opponent_of<G: FrontEndGame>(_start: &G) -> &'static str {
    default_opponent::<G>()
}

/// Plays from `start` with `players` in its seats, player 0 first (agent specs or `human`, one
/// per player of the game), reading human moves from `input` and rolling any dice from
/// `dice_seed`, or asking for them on the terminal with [`Dice::Ask`]; returns the record of
/// the game.
pub fn run<G: ply_registry::Prebuilt>(
    start: &G,
    game_spec: &str,
    players: &[&str],
    (dice, dice_seed): (Dice, u64),
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<GameRecord, CliError> {
    let agent = |spec: &str| -> Result<Option<Box<dyn Seat<G>>>, CliError> {
        Ok((spec != "human")
            .then(|| spec_seat::<G>(game_spec, spec))
            .transpose()?)
    };
    let input = RefCell::new(input);
    let terminal = RefCell::new(out);
    let mut agents: Vec<Option<Box<dyn Seat<G>>>> = players
        .iter()
        .map(|spec| agent(spec))
        .collect::<Result<_, _>>()?;
    let mut humans: Vec<Human> = (0..players.len())
        .map(|mover| Human {
            mover,
            input: &input,
            out: &terminal,
        })
        .collect();
    let mut seats: Vec<&mut dyn Seat<G>> = agents
        .iter_mut()
        .zip(humans.iter_mut())
        .map(|(agent, human)| match agent {
            Some(agent) => &mut **agent as &mut dyn Seat<G>,
            None => human as &mut dyn Seat<G>,
        })
        .collect();
    let rules = GameRules {
        move_time: None,
        tolerance: std::time::Duration::ZERO,
        max_plies: u32::MAX,
        dice_seed,
    };
    let mut write_error: Option<std::io::Error> = None;
    let mut show = |text: String| {
        if write_error.is_none() {
            if let Err(e) = writeln!(terminal.borrow_mut(), "{text}") {
                write_error = Some(e);
            }
        }
    };
    show(start.drawing());
    let started = Instant::now();
    let mut last = start.clone();
    let mut asked_dice = |state: &G| match dice {
        Dice::Ask => ask_for_dice(state, &input, &terminal),
        Dice::Roll => None,
    };
    let game = play_game_with_dice(
        start,
        &[],
        &mut seats,
        &rules,
        &mut asked_dice,
        &mut |played| {
            last = played.after.clone();
            let mover = played.before.to_move().index();
            let mv = shown_move(played.before, played.mv);
            if played.before.is_chance_node() {
                show(format!("the dice: {mv}"));
                show(played.after.drawing());
                return;
            }
            let ms = played.elapsed.as_secs_f64() * 1e3;
            match played.score {
                Some(score) => show(format!(
                    "player {mover} ({}) plays {mv}  score {}  nodes {}  {ms:.1} ms",
                    players[mover],
                    describe(score),
                    played.nodes,
                )),
                None if players[mover] != "human" => show(format!(
                    "player {mover} ({}) plays {mv}  {ms:.1} ms",
                    players[mover]
                )),
                None => {}
            }
            show(played.after.drawing());
        },
    )?;
    let reason = last.end_reason().unwrap_or_default();
    let ending = match (game.faulted, game.reason) {
        (Some(f), EndReason::Resigned) => {
            format!("player {f} resigns: the others share the win")
        }
        (Some(f), why) => format!(
            "game over: player {f} ({}) lost by {} ({}): the others share the win",
            players[f],
            why.name(),
            game.detail.as_deref().unwrap_or("")
        ),
        (None, _) => ending(&game, players, &reason),
    };
    show(ending);
    if let Some(e) = write_error {
        return Err(CliError::Output(e));
    }
    Ok(GameRecord::of_game(
        ply_arena::record::casual_id("play", game_spec, players),
        game_spec.into(),
        players.iter().map(|p| p.to_string()).collect(),
        game,
        started.elapsed(),
    ))
}

/// The last line of a game no seat lost by a fault: who won and why, or the draw.
fn ending(game: &ply_arena::PlayedGame, players: &[&str], reason: &str) -> String {
    match (game.winner, game.reason) {
        (Some(w), EndReason::Resigned) => format!("player {} resigns", 1 - w),
        (Some(w), EndReason::Normal) => {
            format!("game over: player {w} ({}) wins: {reason}", players[w])
        }
        (Some(w), why) => format!(
            "game over: player {w} ({}) wins: player {} lost by {} ({})",
            players[w],
            1 - w,
            why.name(),
            game.detail.as_deref().unwrap_or("")
        ),
        (None, _) => format!("game over: {reason}"),
    }
}

/// Arguments of `ply play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game and position.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Player 0: an agent spec or `human`.
    #[arg(long, default_value = "human", value_name = "SPEC")]
    pub p0: String,
    /// Player 1: an agent spec or `human` [default: alphabeta(time=1s), expectimax(time=1s)
    /// in a game with dice, mcts(time=1s) in a game with variants for more players].
    #[arg(long, value_name = "SPEC")]
    pub p1: Option<String>,
    /// Player 2, in a game for three or more (as --p1, and with its default).
    #[arg(long, value_name = "SPEC")]
    pub p2: Option<String>,
    /// Player 3, in a game for four or more.
    #[arg(long, value_name = "SPEC")]
    pub p3: Option<String>,
    /// Player 4, in a game for five or more.
    #[arg(long, value_name = "SPEC")]
    pub p4: Option<String>,
    /// Player 5, in a game for six.
    #[arg(long, value_name = "SPEC")]
    pub p5: Option<String>,
    /// Append the game to this JSON Lines file (the arena's record format).
    #[arg(long, value_name = "FILE")]
    pub record: Option<std::path::PathBuf>,
    /// In games with dice, the seed of the dice (the same seed rolls the same numbers);
    /// by default a new one each game, from the clock.
    #[arg(long, value_name = "N")]
    pub dice_seed: Option<u64>,
    /// In games with dice, who rolls them: ply, or the person at the terminal, asked for each
    /// roll (an empty line lets ply roll that one).
    #[arg(long, value_enum, default_value = "roll")]
    pub dice: Dice,
}

/// Runs `ply play` with its parsed arguments, writing to `out`.
pub fn execute(args: PlayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let game = AnyGame::from_spec(&args.position.game)?;
    let count = game.player_count();
    let given = [&args.p1, &args.p2, &args.p3, &args.p4, &args.p5];
    if let Some(extra) = (count..=5).find(|&seat| given[seat - 1].is_some()) {
        return Err(CliError::new(format!(
            "bad --p{extra}: `{}` has {count} players; expected --p0 to --p{}",
            args.position.game,
            count - 1
        )));
    }
    // The record file is opened (and locked) before the game, not found unwritable after.
    let mut writer = match &args.record {
        Some(path) => Some(ply_arena::record::RecordWriter::append(path)?),
        None => None,
    };
    let record = with_game!(game, start => {
        let state = position(&start, args.position.from.as_deref(), args.position.moves.as_deref())?;
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let dice_seed = args.dice_seed.unwrap_or_else(|| {
            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
            now.map_or(0, |t| t.as_nanos() as u64)
        });
        let others = given[..count - 1]
            .iter()
            .map(|spec| spec.as_ref().map_or_else(|| default_opponent_of(&start).to_string(), String::clone));
        let players: Vec<String> = std::iter::once(args.p0.clone()).chain(others).collect();
        let players: Vec<&str> = players.iter().map(String::as_str).collect();
        run(&state, &args.position.game, &players, (args.dice, dice_seed), &mut input, out)?
    });
    if let (Some(path), Some(writer)) = (&args.record, writer.as_mut()) {
        writer
            .write(&record)
            .map_err(|e| CliError::new(format!("cannot write `{}`: {e}", path.display())))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn agent_builds<G: ply_registry::Prebuilt>(_start: &G, spec: &str) -> bool {
        G::build_agent(spec).is_ok()
    }

    /// Player 1's default is an agent the game takes: alpha-beta, expectimax with dice, MCTS
    /// in a game with variants for more than two players.
    #[test]
    fn the_default_opponent_plays_the_game() {
        assert_eq!(default_opponent::<ply_pig::Pig>(), "expectimax(time=1s)");
        assert_eq!(
            default_opponent::<ply_tutorial::TicTacToe>(),
            "alphabeta(time=1s)"
        );
        for game in ply_registry::GAMES {
            let spec = if game.chance {
                "expectimax(time=1s)"
            } else if game.many_players {
                "mcts(time=1s)"
            } else {
                "alphabeta(time=1s)"
            };
            let start = AnyGame::from_spec(game.example).unwrap();
            with_game!(start, s => {
                assert_eq!(default_opponent_of(&s), spec);
                assert!(agent_builds(&s, spec), "{}", game.example);
            });
        }
    }
}
