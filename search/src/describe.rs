//! What a front end (the `ply` command, the Python package, the web server) needs of a game
//! beyond its rules: how to start it from a spec string, which evaluators agent specs may
//! name, and how to show a position. Each game crate implements these traits for its state;
//! the game registry (`ply-registry`) lists the games, and everything else is generic.
//!
//! ```
//! use ply_search::describe::{FromSpec, NamedEvaluators};
//! use ply_search::tree::Tree;
//! let quiz = Tree::from_spec_text("tree(shape=[[3,12,8],[2,4,6],[14,5,2]])").unwrap();
//! assert_eq!(quiz.to_string(), "[[3,12,8],[2,4,6],[14,5,2]]");
//! assert_eq!(Tree::DEFAULT_EVAL, "null");
//! ```

use crate::solver::Solvable;
use crate::{Evaluator, Game, NotationError, SearchHints, Spec};
use serde_json::{Map, Value};

pub use crate::spec::SpecKey;

/// A game that starts from a spec string such as `isolation(width=7,height=7,rules=aind)`.
pub trait FromSpec: Game {
    /// The name in specs (`isolation`, `onitama`...).
    const NAME: &'static str;
    /// What the game is, in one line.
    const ABOUT: &'static str;
    /// The rules in a few sentences, for a person about to play (the web page's "How to
    /// play", `ply games`): the aim, a turn, the end. Empty by default.
    const RULES: &'static str = "";
    /// The keys its spec takes.
    const KEYS: &'static [SpecKey];
    /// A spec that shows the keys at work.
    const EXAMPLE: &'static str;
    /// The game's ready-made variants and its part in the front ends' fixed runs (`ply bench`,
    /// `ply ablate`, the default tournament), declared here so that the registry stays the
    /// only list of games: the front ends gather them from it. None by default.
    const SHOWCASE: Showcase = Showcase::NONE;

    /// Whether this game takes `spec`, whose name is [`FromSpec::NAME`]: always, unless two
    /// registered games share a name and split its specs by a key (knight Isolation for two
    /// players, and for three or four by `players=`). The registry gives a spec to the first
    /// game that claims it.
    fn claims(_spec: &Spec) -> bool {
        true
    }

    /// The start of the game named by `spec`, whose name is [`FromSpec::NAME`]; a bad key or
    /// value is an error naming it and the accepted form.
    fn from_parsed_spec(spec: Spec) -> Result<Self, NotationError>;

    /// The start named by a spec string.
    fn from_spec_text(text: &str) -> Result<Self, NotationError> {
        Self::from_parsed_spec(Spec::parse(text)?)
    }
}

/// What a game offers the front ends beyond its spec: the variants a menu lists and the lines
/// it adds to the command's fixed workloads. Each front end derives its lists from every
/// registered game's showcase, in the registry's order.
///
/// ```
/// use ply_search::describe::{BenchLine, Preset, Showcase};
/// const SHOWCASE: Showcase = Showcase {
///     presets: &[Preset { label: "Nim 3-4-5", spec: "nim(heaps=[3,4,5])" }],
///     ..Showcase::NONE
/// };
/// assert!(SHOWCASE.bench.is_empty() && SHOWCASE.tournament.is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Showcase {
    /// Ready-made specs for menus (the web page's game form), best known first.
    pub presets: &'static [Preset],
    /// The game's lines in `ply bench`'s fixed suite (the node fingerprint).
    pub bench: &'static [BenchLine],
    /// The game's line in `ply ablate`'s default run, if it has one.
    pub ablate: Option<AblateLine>,
    /// The spec the game is played under in the default tournament, if it takes part.
    pub tournament: Option<&'static str>,
}

impl Showcase {
    /// No presets and no part in any fixed run.
    pub const NONE: Showcase = Showcase {
        presets: &[],
        bench: &[],
        ablate: None,
        tournament: None,
    };
}

/// A ready-made variant: a label for a menu and the spec it stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preset {
    /// What a menu shows.
    pub label: &'static str,
    /// The game spec.
    pub spec: &'static str,
}

/// One line of `ply bench`'s suite: `positions` positions of `game`, each `plies` seeded
/// random moves from the start, searched by `agent` (a deterministic agent: fixed depth, or
/// seeded and bounded by iterations).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchLine {
    /// The game spec.
    pub game: &'static str,
    /// The agent spec.
    pub agent: &'static str,
    /// How many positions.
    pub positions: usize,
    /// Random plies from the start to each position.
    pub plies: u32,
}

/// A game's line in `ply ablate`'s default run: a game spec, the fixed depth and the random
/// plies from the start to each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AblateLine {
    /// The game spec.
    pub game: &'static str,
    /// The depth every variant searches to.
    pub depth: u32,
    /// Random plies from the start to each position.
    pub plies: u32,
}

/// A game whose evaluators agent specs can name (`alphabeta(eval=improved)`).
pub trait NamedEvaluators: Game {
    /// The evaluator type (typically an enum of the game's named heuristics).
    type Eval: Evaluator<Self> + Clone + Send + 'static;
    /// The evaluator used when a spec names none.
    const DEFAULT_EVAL: &'static str;
    /// Every name [`NamedEvaluators::evaluator`] accepts.
    const EVALUATORS: &'static [&'static str];
    /// The evaluator called `name` (case-insensitive).
    fn evaluator(name: &str) -> Result<Self::Eval, NotationError>;
}

/// How a front end shows a position: a drawing for the terminal and the game's own fields in
/// JSON (`ply replay --json`, the Python package, the web API).
pub trait Describe: Game {
    /// Fields added to each position's JSON record.
    fn fields(&self) -> Map<String, Value>;
    /// A drawing of the board for the terminal.
    fn drawing(&self) -> String;
    /// The position as a grid of marks seen by `player` (pictures, observation planes), for
    /// games played on a board; `None` (the default) for the others.
    fn board_view(&self, player: crate::Player) -> Option<crate::picture::BoardView> {
        let _ = player;
        None
    }

    /// For a move that goes on after its piece lands (Amazons: the arrow shot from there), the
    /// cell a person clicks third, as an index into [`Describe::board_view`]'s cells; `None`
    /// (the default) for games whose moves are a piece and where it lands. Front ends use it
    /// so that many moves sharing their first two cells are told apart by a click, not a list.
    fn then_cell(&self, mv: Self::Move) -> Option<usize> {
        let _ = mv;
        None
    }

    /// How a person types a move here, in one line with an example (`ply play`'s prompt):
    /// the notation the drawing's coordinates use, and any other form `parse_move` reads.
    fn move_format(&self) -> String {
        "a move in the game's notation".into()
    }

    /// A move as a person finds it on the drawing; the game's notation unless the game has
    /// board coordinates that read better (knight Isolation's `(row,col)` for its action
    /// numbers). [`Game::parse_move`] must read it back.
    fn move_for_people(&self, mv: Self::Move) -> String {
        self.format_move(mv)
    }

    /// The points each player scores once the game is over (OpenSpiel's `returns()`), one a
    /// player: by default 1 for a win, -1 for a loss and 0 for a draw or an unfinished game;
    /// with more than two players, the winner's 1 shared as a loss by the others (-1/2 each
    /// of three), so the points sum to zero. Games that score more than one point
    /// (backgammon's gammons) say so.
    fn returns(&self) -> Vec<f64> {
        let count = self.player_count();
        match self.outcome() {
            Some(crate::Outcome::Win(winner)) => (0..count)
                .map(|seat| {
                    if seat == winner.index() {
                        1.0
                    } else {
                        -1.0 / (count - 1) as f64
                    }
                })
                .collect(),
            _ => vec![0.0; count],
        }
    }

    /// The cells of the line that won a finished game ("n in a row": Connect Four's four,
    /// tic-tac-toe's three), as indices into [`Describe::board_view`]'s cells, for a front end
    /// to mark; empty (the default) while the game goes on, on a draw, and in games not won
    /// by a line.
    fn winning_cells(&self) -> Vec<usize> {
        Vec::new()
    }

    /// Why a finished game ended, in words ("player 1 cannot move"); `None` while it goes on.
    /// The default names only the result; games say which rule ended them.
    fn end_reason(&self) -> Option<String> {
        self.outcome().map(|outcome| match outcome {
            crate::Outcome::Win(winner) => format!("player {} wins", winner.index()),
            crate::Outcome::Draw => "a draw".into(),
        })
    }
}

/// Moves as numbers, OpenSpiel's actions: every move of the game has a stable number below
/// [`Actions::num_actions`], the same wherever the move is legal, so that a neural network's
/// output or a Python student's agent can name moves by number. The defaults use the game's
/// dense move index ([`SearchHints::MOVE_INDEX_SPACE`], [`SearchHints::move_index`]); games without one
/// override both.
pub trait Actions: SearchHints {
    /// How many distinct action numbers the game uses (OpenSpiel's `num_distinct_actions`).
    fn num_actions(&self) -> usize {
        Self::MOVE_INDEX_SPACE
    }

    /// The number of `mv`, below [`Actions::num_actions`].
    fn action(&self, mv: Self::Move) -> usize {
        Self::move_index(mv)
    }

    /// The legal move numbered `action`, if there is one.
    fn legal_move_of_action(&self, action: usize) -> Option<Self::Move> {
        self.legal_moves()
            .into_iter()
            .find(|&mv| self.action(mv) == action)
    }

    /// OpenSpiel's number for the legal move `mv`, for a game OpenSpiel also has: the same as
    /// [`Actions::action`] unless OpenSpiel numbers the game's moves its own way
    /// (Breakthrough, Nim), so that `ply_search.openspiel` speaks OpenSpiel's numbers.
    fn openspiel_action(&self, mv: Self::Move) -> usize {
        self.action(mv)
    }

    /// How many numbers [`Actions::openspiel_action`] uses (OpenSpiel's
    /// `num_distinct_actions` where OpenSpiel has the game).
    fn openspiel_num_actions(&self) -> usize {
        self.num_actions()
    }

    /// OpenSpiel's legal actions here, ascending as OpenSpiel lists them: the legal moves'
    /// [`Actions::openspiel_action`] numbers, unless OpenSpiel lists some move under more
    /// than one number (backgammon's two steps taken in either order), which a game then
    /// lists all of.
    fn openspiel_legal_actions(&self) -> Vec<usize> {
        let mut actions: Vec<usize> = self
            .legal_moves()
            .into_iter()
            .map(|m| self.openspiel_action(m))
            .collect();
        actions.sort_unstable();
        actions
    }

    /// The legal move OpenSpiel's action `action` plays here, if it is one of
    /// [`Actions::openspiel_legal_actions`].
    fn openspiel_move(&self, action: usize) -> Option<Self::Move> {
        self.legal_moves()
            .into_iter()
            .find(|&m| self.openspiel_action(m) == action)
    }

    /// OpenSpiel's chance outcomes at a chance node, as (action, probability) pairs: the
    /// game's own outcomes unless OpenSpiel rolls differently (backgammon's 36 ordered rolls
    /// where ply rolls the 21 distinct ones). Empty elsewhere.
    fn openspiel_chance_outcomes(&self) -> Vec<(usize, f64)> {
        let mut outcomes = crate::chance::ChanceList::new();
        self.chance_outcomes(&mut outcomes);
        let p = crate::chance::probabilities(&outcomes);
        outcomes
            .iter()
            .zip(p)
            .map(|(c, p)| (self.openspiel_action(c.outcome), p))
            .collect()
    }

    /// OpenSpiel's action `action` in the game's notation, if it is legal here: the legal
    /// move's own notation, unless a game writes OpenSpiel's other numbers for a move their
    /// own way (backgammon writes the steps in the order the number gives).
    fn openspiel_action_text(&self, action: usize) -> Option<String>
    where
        Self: Describe,
    {
        self.openspiel_move(action).map(|m| self.format_move(m))
    }
}

/// Everything a front end needs of a game: the rules ([`Game`]), a start from a spec, named
/// evaluators, a description, action numbers and the solver's hooks. Implemented for every type that has
/// them all; the registry's games are exactly these.
pub trait FrontEndGame:
    FromSpec + NamedEvaluators + Describe + Actions + Solvable + Send + Sync + 'static
{
}

impl<G> FrontEndGame for G where
    G: FromSpec + NamedEvaluators + Describe + Actions + Solvable + Send + Sync + 'static
{
}

/// The only evaluator of games without heuristics of their own (explicit trees, the
/// tutorial's games): `null`, which scores every unfinished position 0. `why` says why there
/// is no other, in the error for any other name.
pub fn null_only(name: &str, why: &str) -> Result<crate::Zero, NotationError> {
    if name.trim().eq_ignore_ascii_case("null") {
        Ok(crate::Zero)
    } else {
        Err(
            NotationError::new("evaluator", name, format!("null ({why})"))
                .with_kind(crate::ErrorKind::UnknownName),
        )
    }
}

/// The position to work on: the start, or `--from`, then `--moves`.
pub fn position_after<G: Game>(
    start: &G,
    from: Option<&str>,
    moves: Option<&str>,
) -> Result<G, NotationError> {
    let state = match from {
        Some(text) => start.parse_position(text)?,
        None => start.clone(),
    };
    let moves = split_moves(moves.unwrap_or(""))?;
    state.play_notation(moves.iter().map(String::as_str))
}

/// Splits a `--moves` list at commas outside parentheses (AIND moves are `(row,col)`).
pub fn split_moves(text: &str) -> Result<Vec<String>, NotationError> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let parts = crate::spec::split_top_level(text).ok_or_else(|| {
        NotationError::new("move list", text, "M1,M2,... with balanced parentheses")
    })?;
    parts
        .into_iter()
        .map(|m| {
            let m = m.trim();
            if m.is_empty() {
                Err(NotationError::new(
                    "move list",
                    text,
                    "M1,M2,... with no empty move",
                ))
            } else {
                Ok(m.to_string())
            }
        })
        .collect()
}
