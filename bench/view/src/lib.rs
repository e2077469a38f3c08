//! # ply-view
//!
//! What the front ends show of games and searches, apart from the core: the JSON records of a
//! position and of a search's answer ([`state_json`], [`search_json`]), and pictures of a
//! course search ([`course`]: DOT and SVG drawings of the tree it searched, and the step
//! trace the web page's stepper plays). `ply-search` knows the games' data (their
//! [`ply_search::describe::Describe`] fields, their board views); how a front end writes them
//! out is here, shared by the command, the Python package and the server.
//!
//! ```
//! use ply_search::tree::Tree;
//! let quiz = Tree::parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
//! let record = ply_view::state_json(&quiz);
//! assert_eq!(record["legal"].as_array().unwrap().len(), 3);
//! assert_eq!(record["terminal"], false);
//! ```

pub mod course;
mod json;

pub use json::{chance_solution_json, search_json, state_json};
