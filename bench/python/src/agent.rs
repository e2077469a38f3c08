//! `Agent(spec)`: one of ply's agents kept between moves (its tree, its table), the shape of
//! OpenSpiel's bots: `agent.step(state)` returns the action it plays.

use crate::errors::{bad_value, to_py};
use crate::run::interruptible;
use crate::state::State;
use ply_registry::with_game;
use ply_registry::Prebuilt;
use pyo3::prelude::*;
use std::any::Any;
use std::sync::Mutex;

/// A built agent (a `Box<dyn Agent<G>>` for the game `G` of the spec it holds).
type Built = (String, Box<dyn Any + Send>);

/// An agent, named by an agent spec (`ply agents`), for any game: it is built for the game of
/// the first state it is given, and built afresh when a state of another game comes.
#[pyclass(module = "ply_search", name = "Agent")]
pub struct Agent {
    spec: String,
    /// The agent, once built. A mutex makes the class shareable between Python threads; it is
    /// only reached through `&mut self`, which Python's borrow check gives to one call at a
    /// time, so it is never waited on.
    built: Mutex<Option<Built>>,
}

/// The move `spec`'s agent, built for `s`'s game if `slot` holds none, plays in `s`.
fn step_in<G: Prebuilt>(
    py: Python<'_>,
    slot: &mut Option<Built>,
    game_spec: &str,
    spec: &str,
    s: &G,
) -> PyResult<usize> {
    if s.is_terminal() {
        return Err(bad_value(format!(
            "bad state `{}`: expected a state whose game goes on (this one is over)",
            s.position()
        )));
    }
    if slot.as_ref().is_none_or(|(game, _)| game != game_spec) {
        let agent: Box<dyn ply_search::Agent<G>> = G::build_agent(spec).map_err(to_py)?;
        *slot = Some((game_spec.to_string(), Box::new(agent)));
    }
    let agent = slot
        .as_mut()
        .and_then(|(_, any)| any.downcast_mut::<Box<dyn ply_search::Agent<G>>>())
        .expect("built for this game above");
    let s = s.clone();
    let mv = interruptible(py, move |stop| {
        agent.set_stop(Some(stop.clone()));
        agent.select_move(&s).best_move.map(|m| s.action(m))
    })?;
    mv.ok_or_else(|| bad_value("the agent found no move"))
}

#[pymethods]
impl Agent {
    /// The agent named by `spec`. Its syntax is checked at once; its keys and evaluator when
    /// it first meets a game.
    #[new]
    fn new(spec: &str) -> PyResult<Agent> {
        ply_search::Spec::parse(spec).map_err(to_py)?;
        Ok(Agent {
            spec: spec.trim().to_string(),
            built: Mutex::new(None),
        })
    }

    /// The action the agent plays in `state` (a state whose game goes on); `state` is not
    /// changed. Runs without the GIL; Ctrl-C stops it.
    fn step(&mut self, py: Python<'_>, state: &State) -> PyResult<usize> {
        let slot = self.built.get_mut().unwrap_or_else(|e| e.into_inner());
        with_game!(&state.state, s => step_in(py, slot, &state.spec, &self.spec, s))
    }

    /// Forgets the game under way (its tree and table), as before a new game.
    fn reset(&mut self) {
        *self.built.get_mut().unwrap_or_else(|e| e.into_inner()) = None;
    }

    /// The agent's spec.
    #[getter]
    fn name(&self) -> &str {
        &self.spec
    }

    fn __repr__(&self) -> String {
        format!("Agent({:?})", self.spec)
    }
}
