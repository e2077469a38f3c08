//! Record files from Python: a file held open and locked, as `ply arena` holds its own, for
//! drivers that gather games played elsewhere (`ply_search.ray`); and the standings of record
//! files, as `ply arena --from-records` prints them.

use crate::arena::{arena_error, Standings};
use crate::convert::to_python;
use crate::errors::bad_value;
use ply_arena::record::{read_records, RecordWriter};
use ply_arena::{merge_records, GameRecord};
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PySet};
use std::path::PathBuf;

/// A JSON Lines record file, open for appending and locked against any other writer (another
/// driver, a `ply arena` on the same file) until `close()` or the end of a `with` block. Opening
/// it repairs a torn last write as `ply arena --resume` does; a file with any other bad line is
/// refused with its line number.
///
/// >>> with ply_search.RecordFile("games.jsonl") as f:          # doctest: +SKIP
/// ...     done = f.ids()
/// ...     f.write(record)                                      # a dict of Standings.records
#[pyclass(module = "ply_search", name = "RecordFile")]
pub struct RecordFile {
    path: PathBuf,
    writer: Option<RecordWriter>,
}

#[pymethods]
impl RecordFile {
    #[new]
    fn new(path: PathBuf) -> PyResult<Self> {
        let writer = RecordWriter::append(&path).map_err(arena_error)?;
        Ok(RecordFile {
            path,
            writer: Some(writer),
        })
    }

    /// Every record in the file, as dicts.
    fn records<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for record in read_records(&self.path).map_err(arena_error)? {
            let json = serde_json::to_value(&record).expect("records serialise");
            list.append(to_python(py, &json)?)?;
        }
        Ok(list)
    }

    /// The ids of the games in the file.
    fn ids<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PySet>> {
        let ids: Vec<String> = read_records(&self.path)
            .map_err(arena_error)?
            .into_iter()
            .map(|r| r.id)
            .collect();
        PySet::new(py, &ids)
    }

    /// Appends one record (a dict as in `Standings.records`), checked and written in one
    /// piece.
    fn write(&mut self, py: Python<'_>, record: &Bound<'_, PyAny>) -> PyResult<()> {
        let text: String = py
            .import("json")?
            .call_method1("dumps", (record,))?
            .extract()?;
        let record: GameRecord = serde_json::from_str(&text).map_err(|e| {
            bad_value(format!(
                "bad record: {e}; expected a dict of Standings.records"
            ))
        })?;
        let writer = self
            .writer
            .as_mut()
            .ok_or_else(|| bad_value("bad RecordFile: it is closed"))?;
        writer
            .write(&record)
            .map_err(|e| PyOSError::new_err(format!("cannot write `{}`: {e}", self.path.display())))
    }

    /// Releases the file (and its lock).
    fn close(&mut self) {
        self.writer = None;
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __exit__(
        &mut self,
        _kind: &Bound<'_, PyAny>,
        _value: &Bound<'_, PyAny>,
        _traceback: &Bound<'_, PyAny>,
    ) {
        self.close();
    }
}

/// The standings of record files of one tournament, as `ply arena --from-records` prints them:
/// for `agents` (in that order), or every agent of the files. Files of different tournaments,
/// or a game in two files, are refused.
#[pyfunction]
#[pyo3(signature = (paths, agents = None, *, sprt = None))]
pub fn standings(
    paths: Vec<PathBuf>,
    agents: Option<Vec<String>>,
    sprt: Option<(f64, f64)>,
) -> PyResult<Standings> {
    let merged = merge_records(&paths).map_err(arena_error)?;
    let agents = agents.unwrap_or(merged.agents);
    Ok(Standings::of(merged.records, &agents, sprt, 0))
}
