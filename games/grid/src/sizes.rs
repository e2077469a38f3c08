//! Board sizes built once: a game whose masks and tables depend on the board's width and
//! height computes them the first time a size is asked for and shares that one value, for
//! the program's life, with every position of that size (positions then carry a
//! `&'static` reference, a pointer, instead of the tables).

use std::sync::Mutex;

/// The boards of one game, each built once per `(width, height)`. A `static` of this type is
/// all a game needs:
///
/// ```
/// use ply_grid::sizes::Sizes;
/// struct Board { cells: u32 }
/// static BOARDS: Sizes<Board> = Sizes::new();
/// let a = BOARDS.get_or_build(4, 5, || Board { cells: 20 });
/// let b = BOARDS.get_or_build(4, 5, || unreachable!("built already"));
/// assert!(std::ptr::eq(a, b));
/// assert_eq!(a.cells, 20);
/// ```
pub struct Sizes<T: 'static> {
    built: Mutex<Vec<(u8, u8, &'static T)>>,
}

impl<T: 'static> Sizes<T> {
    /// No board built yet.
    pub const fn new() -> Self {
        Sizes {
            built: Mutex::new(Vec::new()),
        }
    }

    /// The board of this size: the one built before, or `build()`'s, kept from now on.
    pub fn get_or_build(&self, width: u8, height: u8, build: impl FnOnce() -> T) -> &'static T {
        // A panic elsewhere while the lock was held leaves the list whole: carry on with it.
        let mut built = self.built.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&(_, _, board)) = built.iter().find(|&&(w, h, _)| (w, h) == (width, height)) {
            return board;
        }
        let board: &'static T = Box::leak(Box::new(build()));
        built.push((width, height, board));
        board
    }
}

impl<T: 'static> Default for Sizes<T> {
    fn default() -> Self {
        Sizes::new()
    }
}
