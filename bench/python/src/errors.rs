//! ply's input errors as Python exceptions: one class per kind, all subclasses of `PlyError`,
//! itself a `ValueError`, each with the same one-line message as the `ply` command.

use ply_search::{ErrorKind, NotationError};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pyo3::create_exception!(
    ply_search,
    PlyError,
    PyValueError,
    "Bad input to ply: a move, a position, a spec or a value it cannot take."
);
pyo3::create_exception!(
    ply_search,
    IllegalMoveError,
    PlyError,
    "A well-formed move that is not legal in this position."
);
pyo3::create_exception!(
    ply_search,
    MalformedNotationError,
    PlyError,
    "A move or position not written in the game's notation."
);
pyo3::create_exception!(
    ply_search,
    GameOverError,
    PlyError,
    "A move asked of a state whose game is over."
);
pyo3::create_exception!(
    ply_search,
    BadSpecError,
    PlyError,
    "A game or agent spec with an unknown name, key or value."
);

/// The Python exception for `error`, by its kind.
pub fn to_py(error: NotationError) -> PyErr {
    let message = error.to_string();
    match error.kind {
        ErrorKind::IllegalMove => IllegalMoveError::new_err(message),
        ErrorKind::GameOver => GameOverError::new_err(message),
        ErrorKind::Malformed => MalformedNotationError::new_err(message),
        ErrorKind::MalformedSpec
        | ErrorKind::UnknownName
        | ErrorKind::BadKey
        | ErrorKind::BadValue
        | ErrorKind::OutOfRange => BadSpecError::new_err(message),
    }
}

/// A `PlyError` with this message (a bad argument that is not notation).
pub fn bad_value(message: impl Into<String>) -> PyErr {
    PlyError::new_err(message.into())
}

/// Adds the exception classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("PlyError", py.get_type::<PlyError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add(
        "MalformedNotationError",
        py.get_type::<MalformedNotationError>(),
    )?;
    m.add("GameOverError", py.get_type::<GameOverError>())?;
    m.add("BadSpecError", py.get_type::<BadSpecError>())?;
    Ok(())
}
