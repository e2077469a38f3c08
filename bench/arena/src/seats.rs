//! Who sits at the board: the seats of a tournament's agents. A spec string becomes an
//! in-process agent (`alphabeta(depth=6)`, through [`Prebuilt::build_agent`]) or an external program
//! (`external(cmd="...")`); other front ends bring seats of their own (the Python package's
//! Python agents) through a [`SeatMaker`].

use crate::external::{is_external, ExternalSeat};
use crate::{ArenaError, Seat};
use ply_registry::AnyGame;
use ply_registry::Prebuilt;

/// Makes the seat of each agent of a tournament, for each registered game it plays.
pub trait SeatMaker: Sync {
    /// The seat of agent number `agent` (named `spec` in the records) in a game of `game_spec`.
    /// Called once per game played, and once per game of the tournament to check the agents
    /// before anything is played (a seat must not start work before its first move).
    fn seat<G: Prebuilt>(
        &self,
        game_spec: &str,
        agent: usize,
        spec: &str,
    ) -> Result<Box<dyn Seat<G>>, ArenaError>
    where
        AnyGame: From<G>;
}

/// The seats the command knows: every agent spec, external programs included.
#[derive(Clone, Copy, Debug, Default)]
pub struct SpecSeats;

impl SeatMaker for SpecSeats {
    fn seat<G: Prebuilt>(
        &self,
        game_spec: &str,
        _agent: usize,
        spec: &str,
    ) -> Result<Box<dyn Seat<G>>, ArenaError>
    where
        AnyGame: From<G>,
    {
        spec_seat(game_spec, spec)
    }
}

/// The seat an agent spec names, in a game of `game_spec`: an external program for
/// `external(...)`, else the agent [`Prebuilt::build_agent`] makes.
pub fn spec_seat<G: Prebuilt>(game_spec: &str, spec: &str) -> Result<Box<dyn Seat<G>>, ArenaError> {
    if is_external(spec) {
        Ok(Box::new(ExternalSeat::from_spec(spec, game_spec)?))
    } else {
        Ok(Box::new(G::build_agent(spec)?))
    }
}
