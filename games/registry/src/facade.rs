//! [`AnyGame`]'s own methods: the questions a front end asks of whichever game a spec chose,
//! each answered once here, so that a front end (the Python package's state, the server)
//! calls a method instead of writing its own dispatch for each.

use crate::{with_game, AnyGame};
use ply_search::describe::{Actions, Describe};
use ply_search::picture::BoardView;
use ply_search::{Game, NotationError, Outcome, Player};
use serde_json::{Map, Value};

impl AnyGame {
    /// The number of players (2 to 6).
    pub fn player_count(&self) -> usize {
        with_game!(self, s => s.player_count())
    }

    /// Refuses a game for more than two players where `what` (a tournament, the solver...)
    /// knows only two, in one line that names the game and what plays it.
    ///
    /// ```
    /// use ply_registry::AnyGame;
    /// let rolit = AnyGame::from_spec("rolit(players=3)").unwrap();
    /// assert_eq!(rolit.require_two_players("ply solve").unwrap_err().to_string(),
    ///     "bad game `rolit`: expected a game for two players in ply solve (this one has 3; \
    ///      ply search, perft and replay take it, with maxn, paranoid, brs, mcts, greedy or random)");
    /// assert!(AnyGame::from_spec("rolit(players=2)").unwrap().require_two_players("ply solve").is_ok());
    /// ```
    pub fn require_two_players(&self, what: &str) -> Result<(), NotationError> {
        let count = self.player_count();
        if count <= 2 {
            return Ok(());
        }
        Err(NotationError::new(
            "game",
            self.name(),
            format!("a game for two players in {what} (this one has {count}; ply search, perft and replay take it, with maxn, paranoid, brs, mcts, greedy or random)"),
        ))
    }

    /// Whether the game has chance nodes at all ([`Game::HAS_CHANCE`]), as OpenSpiel's game
    /// type declares its chance mode.
    pub fn has_chance(&self) -> bool {
        fn of<G: Game>(_: &G) -> bool {
            G::HAS_CHANCE
        }
        with_game!(self, s => of(s))
    }

    /// An upper bound on the plies left from here, if the game has one
    /// ([`Game::max_game_length`]).
    pub fn max_game_length(&self) -> Option<u32> {
        with_game!(self, s => s.max_game_length())
    }

    /// Whether `action` numbers a legal move here (no notation is written to find out).
    pub fn is_legal_action(&self, action: usize) -> bool {
        with_game!(self, s => s.legal_move_of_action(action).is_some())
    }

    /// The player to move.
    pub fn to_move(&self) -> Player {
        with_game!(self, s => s.to_move())
    }

    /// Whether the next event is a roll of the dice ([`Game::is_chance_node`]).
    pub fn is_chance_node(&self) -> bool {
        with_game!(self, s => s.is_chance_node())
    }

    /// A chance node's outcomes as action numbers with their probabilities (OpenSpiel's
    /// `chance_outcomes()`); empty at a player's node.
    pub fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        with_game!(self, s => {
            let mut outcomes = ply_search::chance::ChanceList::new();
            s.chance_outcomes(&mut outcomes);
            let p = ply_search::chance::probabilities(&outcomes);
            outcomes.iter().zip(p).map(|(c, p)| (s.action(c.outcome), p)).collect()
        })
    }

    /// Whether the game is over.
    pub fn is_terminal(&self) -> bool {
        with_game!(self, s => s.is_terminal())
    }

    /// The result once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        with_game!(self, s => s.outcome())
    }

    /// The points each player scores once the game is over ([`Describe::returns`]).
    pub fn returns(&self) -> Vec<f64> {
        with_game!(self, s => s.returns())
    }

    /// The position in the game's notation.
    pub fn position(&self) -> String {
        with_game!(self, s => s.position())
    }

    /// The plies played.
    pub fn ply(&self) -> u32 {
        with_game!(self, s => s.ply())
    }

    /// How many action numbers the game uses ([`Actions::num_actions`]).
    pub fn num_actions(&self) -> usize {
        with_game!(self, s => s.num_actions())
    }

    /// The legal moves' action numbers, in the game's move order.
    pub fn legal_actions(&self) -> Vec<usize> {
        with_game!(self, s => s.legal_moves().into_iter().map(|m| s.action(m)).collect())
    }

    /// OpenSpiel's legal actions here, ascending ([`Actions::openspiel_legal_actions`]).
    pub fn openspiel_legal_actions(&self) -> Vec<usize> {
        with_game!(self, s => s.openspiel_legal_actions())
    }

    /// OpenSpiel's chance outcomes with their probabilities
    /// ([`Actions::openspiel_chance_outcomes`]); empty at a player's node.
    pub fn openspiel_chance_outcomes(&self) -> Vec<(usize, f64)> {
        with_game!(self, s => s.openspiel_chance_outcomes())
    }

    /// OpenSpiel's action `action` in the game's notation, if legal here
    /// ([`Actions::openspiel_action_text`]).
    pub fn openspiel_action_text(&self, action: usize) -> Option<String> {
        with_game!(self, s => s.openspiel_action_text(action))
    }

    /// How many numbers OpenSpiel's numbering uses ([`Actions::openspiel_num_actions`]).
    pub fn openspiel_num_actions(&self) -> usize {
        with_game!(self, s => s.openspiel_num_actions())
    }

    /// Plays the legal move OpenSpiel numbers `action` and returns ply's own number of it;
    /// `None` (and nothing played) if no legal move has that number.
    pub fn play_openspiel_action(&mut self, action: usize) -> Option<usize> {
        with_game!(self, s => {
            let mv = s.openspiel_move(action)?;
            let number = s.action(mv);
            *s = s.play(mv);
            Some(number)
        })
    }

    /// The legal moves in the game's notation, in the game's move order.
    pub fn legal_move_texts(&self) -> Vec<String> {
        with_game!(self, s => s.legal_moves().into_iter().map(|m| s.format_move(m)).collect())
    }

    /// The notation of the legal move numbered `action`, if one is.
    pub fn action_text(&self, action: usize) -> Option<String> {
        with_game!(self, s => s.legal_move_of_action(action).map(|m| s.format_move(m)))
    }

    /// The action number of the legal move written `text`.
    pub fn action_of_text(&self, text: &str) -> Result<usize, NotationError> {
        with_game!(self, s => s.parse_move(text).map(|m| s.action(m)))
    }

    /// Plays the legal move numbered `action`; false (and nothing played) if none is.
    pub fn play_action(&mut self, action: usize) -> bool {
        with_game!(self, s => match s.legal_move_of_action(action) {
            Some(mv) => {
                *s = s.play(mv);
                true
            }
            None => false,
        })
    }

    /// A position of the same game and variant, read from its notation.
    pub fn parse_position(&self, text: &str) -> Result<AnyGame, NotationError> {
        with_game!(self, s => s.parse_position(text).map(AnyGame::from))
    }

    /// The game's own JSON fields of the position ([`Describe::fields`]).
    pub fn fields(&self) -> Map<String, Value> {
        with_game!(self, s => s.fields())
    }

    /// The board drawn for a terminal ([`Describe::drawing`]).
    pub fn drawing(&self) -> String {
        with_game!(self, s => s.drawing())
    }

    /// The board as a grid of marks seen by `viewer`, for games that have one.
    pub fn board_view(&self, viewer: Player) -> Option<BoardView> {
        with_game!(self, s => s.board_view(viewer))
    }
}

#[cfg(test)]
mod tests {
    use crate::AnyGame;

    #[test]
    fn the_facade_answers_as_the_game_does() {
        let mut game = AnyGame::from_spec("tictactoe").unwrap();
        assert_eq!(game.legal_actions().len(), 9);
        let first = game.legal_actions()[4];
        let text = game.action_text(first).unwrap();
        assert_eq!(game.action_of_text(&text).unwrap(), first);
        assert!(game.play_action(first));
        assert!(
            !game.play_action(first),
            "an occupied cell is no legal move"
        );
        assert_eq!((game.ply(), game.is_terminal()), (1, false));
        let again = game.parse_position(&game.position()).unwrap();
        assert_eq!(again.position(), game.position());
        assert!(game.board_view(game.to_move()).is_some());
        assert!(!game.is_legal_action(first) && game.is_legal_action(game.legal_actions()[0]));
        assert_eq!(game.max_game_length(), Some(8));
        assert!(!game.has_chance() && AnyGame::from_spec("pig").unwrap().has_chance());
        let mut breakthrough = AnyGame::from_spec("breakthrough").unwrap();
        assert_eq!(breakthrough.openspiel_num_actions(), 768);
        // OpenSpiel's first player's a7-a6 is ply's a2-a3: cell 8, straight on, no capture.
        assert_eq!(breakthrough.openspiel_legal_actions()[0], 98);
        let played = breakthrough.play_openspiel_action(98).unwrap();
        assert_eq!(
            AnyGame::from_spec("breakthrough")
                .unwrap()
                .action_text(played)
                .unwrap(),
            "a2-a3"
        );
    }
}
