//! The notation: plays as OpenSpiel writes them, a `+` for its blank so that a play is one word
//! (`24/18+13/11`, `8/5*/3`, `6/4(2)`, `Bar/22+Pass`, `Pass`), rolls as the dice (`6-3`), the
//! opening roll with its starter (`x2-1`); positions as the 24 points and the state of the turn.

use crate::board::{absolute, opening_starter, roll_weight, CHECKERS, OUTCOMES, POINTS};
use crate::rules::{Backgammon, BgMove, Phase, Step, BAR};
use ply_search::{Game, NotationError, Player};

/// A side's letter: x is player 0, o player 1.
pub(crate) fn side_letter(player: Player) -> char {
    ['x', 'o'][player.index()]
}

/// OpenSpiel's human-readable point of a step's end: `Off` below 1, `Pass` for a die unused.
fn point_name(point: i32) -> String {
    match point {
        25 => "Bar".into(),
        -2 => "Off".into(),
        -1 => "Pass".into(),
        n => n.to_string(),
    }
}

/// One die's part of a play as OpenSpiel's `ActionToString` sees it: start and end as a
/// player numbers the points (25 the bar, -2 off, -1 no move), and whether it hits.
struct Part {
    start: i32,
    end: i32,
    used: bool,
    hit: bool,
}

fn part(state: &Backgammon, step: Option<Step>) -> Part {
    let Some(step) = step else {
        // OpenSpiel numbers an unused die's start from its pass position, -1.
        let start = match state.to_move() {
            Player::P0 => 25,
            _ => 0,
        };
        return Part {
            start,
            end: -1,
            used: false,
            hit: false,
        };
    };
    let start = if step.from == BAR {
        25
    } else {
        (POINTS - step.from as usize) as i32
    };
    let end = start - step.die as i32;
    if end <= 0 {
        return Part {
            start,
            end: -2,
            used: true,
            hit: false,
        };
    }
    // Hits are read on the board before the play, as OpenSpiel does.
    let them = state.to_move().other();
    let progress = POINTS - end as usize;
    let hit = state.men[them.index()][POINTS - 1 - progress] == 1;
    Part {
        start,
        end,
        used: true,
        hit,
    }
}

/// A play in OpenSpiel's words (its `ActionToString` without the leading action number, `+`
/// for its blank): the higher start first, a checker moving twice as `a/b/c`, two alike as
/// `a/b(2)`, hits starred.
fn format_play(state: &Backgammon, action: u16) -> String {
    let [first, second] = state.decode(action);
    let (a, b) = (part(state, first), part(state, second));
    let star = |hit: bool| if hit { "*" } else { "" };
    let double_hit = a.hit && b.hit && a.end == b.end;
    if a.start == b.start && a.end == b.end {
        return if !b.used {
            "Pass".into()
        } else {
            format!(
                "{}/{}{}(2)",
                point_name(a.start),
                point_name(a.end),
                star(a.hit)
            )
        };
    }
    // The higher start first; a pass last.
    let swap = (a.start < b.start || (a.start == b.start && a.end < b.end) || !a.used) && b.used;
    let (x, y) = if swap { (&b, &a) } else { (&a, &b) };
    if x.end == y.start {
        format!(
            "{}/{}{}/{}{}",
            point_name(x.start),
            point_name(x.end),
            star(x.hit),
            point_name(y.end),
            star(y.hit)
        )
    } else {
        let from = if y.used {
            format!("{}/", point_name(y.start))
        } else {
            String::new()
        };
        format!(
            "{}/{}{}+{}{}{}",
            point_name(x.start),
            point_name(x.end),
            star(x.hit),
            from,
            point_name(y.end),
            star(y.hit && !double_hit)
        )
    }
}

pub(crate) fn format_move(state: &Backgammon, mv: BgMove) -> String {
    match mv {
        BgMove::Opening(outcome) => {
            let [a, b] = OUTCOMES[outcome as usize];
            format!(
                "{}{}-{}",
                side_letter(opening_starter(outcome)),
                a.max(b),
                a.min(b)
            )
        }
        BgMove::Roll(low, high) => format!("{high}-{low}"),
        BgMove::Play(action) => format_play(state, action),
    }
}

/// Two dice written `6-3`, `63` or `3-6`, as `(low, high)`.
fn parse_dice(text: &str) -> Option<(u8, u8)> {
    let digits: Vec<u8> = text
        .chars()
        .filter(|c| !matches!(c, '-' | ' '))
        .map(|c| c.to_digit(10).map(|d| d as u8))
        .collect::<Option<_>>()?;
    match digits[..] {
        [a, b] if (1..=6).contains(&a) && (1..=6).contains(&b) => Some((a.min(b), a.max(b))),
        _ => None,
    }
}

/// The single checker movements of a play written by a player, `(start, end)` with the bar 25
/// and off 0: `24/18/13` is two, `6/4(2)` two alike; stars are ignored.
fn written_steps(text: &str) -> Option<Vec<(u8, u8)>> {
    let point = |word: &str| -> Option<u8> {
        match word {
            "bar" => Some(25),
            "off" => Some(0),
            n => n.parse().ok().filter(|&p| (1..=24).contains(&p)),
        }
    };
    let mut steps = Vec::new();
    for token in text
        .split(|c: char| c.is_whitespace() || c == '+')
        .filter(|t| !t.is_empty())
    {
        let (path, times) = match token.split_once('(') {
            Some((path, rest)) => (path, rest.strip_suffix(')')?.parse::<usize>().ok()?),
            None => (token, 1),
        };
        let points: Vec<u8> = path.split('/').map(point).collect::<Option<_>>()?;
        if points.len() < 2 || !(1..=4).contains(&times) {
            return None;
        }
        for _ in 0..times {
            steps.extend(points.windows(2).map(|w| (w[0], w[1])));
        }
    }
    (!steps.is_empty()).then_some(steps)
}

/// A legal play's movements, each checker's steps apart and then with a checker's two steps
/// joined (`24/13` for `24/18/13`), both sorted.
fn play_steps(state: &Backgammon, action: u16) -> [Vec<(u8, u8)>; 2] {
    let human = |step: Step| {
        let start = if step.from == BAR {
            25
        } else {
            (POINTS - step.from as usize) as i32
        };
        (start as u8, (start - step.die as i32).max(0) as u8)
    };
    let mut apart: Vec<(u8, u8)> = state
        .decode(action)
        .into_iter()
        .flatten()
        .map(human)
        .collect();
    let mut joined = apart.clone();
    if let [(a, b), (c, d)] = joined[..] {
        if b == c && b != 0 {
            joined = vec![(a, d)];
        } else if d == a && d != 0 {
            joined = vec![(c, b)];
        }
    }
    apart.sort_unstable();
    joined.sort_unstable();
    [apart, joined]
}

fn expected_move(state: &Backgammon) -> String {
    if state.is_terminal() {
        return "no move: the game is over".into();
    }
    match state.phase() {
        Phase::Opening => {
            "the opening roll: the starter and the dice, e.g. x3-1 (x starts) or o6-5".into()
        }
        Phase::Roll => "the dice, e.g. 6-3 or 4-4".into(),
        Phase::Play => {
            let plays: Vec<String> = state
                .legal_moves()
                .iter()
                .map(|&m| format_move(state, m))
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .take(12)
                .collect();
            format!(
                "a play as start/end for each checker joined by + (bar and off by name, * for a hit optional), one of {}{}",
                plays.join(", "),
                if state.legal_moves().len() > 12 { ", ..." } else { "" }
            )
        }
    }
}

pub(crate) fn parse_move(state: &Backgammon, text: &str) -> Result<BgMove, NotationError> {
    let bad = || NotationError::new("move", text, expected_move(state));
    if state.is_terminal() {
        return Err(bad());
    }
    let word = text.trim().to_ascii_lowercase();
    match state.phase() {
        Phase::Opening => {
            let (who, dice) = word.split_at_checked(1).ok_or_else(bad)?;
            let dice = dice.trim();
            let dice = dice.strip_prefix("starts").unwrap_or(dice).trim();
            let starter = match who {
                "x" => Player::P0,
                "o" => Player::P1,
                _ => return Err(bad()),
            };
            let (low, high) = parse_dice(dice).filter(|(l, h)| l != h).ok_or_else(bad)?;
            (0..30u8)
                .find(|&k| {
                    let [a, b] = OUTCOMES[k as usize];
                    opening_starter(k) == starter && (a.min(b), a.max(b)) == (low, high)
                })
                .map(BgMove::Opening)
                .ok_or_else(bad)
        }
        Phase::Roll => {
            let dice = word.strip_prefix("roll").unwrap_or(&word).trim();
            let (low, high) = parse_dice(dice).ok_or_else(bad)?;
            debug_assert!(roll_weight(low, high) > 0);
            Ok(BgMove::Roll(low, high))
        }
        Phase::Play => {
            let legal = state.legal_moves();
            let plain = |s: &str| {
                let words: Vec<String> = s
                    .to_ascii_lowercase()
                    .replace('*', "")
                    .split(|c: char| c.is_whitespace() || c == '+')
                    .filter(|w| !w.is_empty())
                    .map(String::from)
                    .collect();
                words.join("+")
            };
            if let Some(&mv) = legal
                .iter()
                .find(|&&m| plain(&format_move(state, m)) == plain(&word))
            {
                return Ok(mv);
            }
            let mut wanted = written_steps(&plain(&word)).ok_or_else(bad)?;
            wanted.sort_unstable();
            legal
                .iter()
                .copied()
                .find(|&m| match m {
                    BgMove::Play(action) => play_steps(state, action).contains(&wanted),
                    _ => false,
                })
                .ok_or_else(bad)
        }
    }
}

/// `POINTS BAR OFF PHASE PLAYER DICE TURNS PLY`: OpenSpiel's points 0 to 23 (x's 24 point to
/// its 1 point), each `.` or a side's letter and its checkers (`x2`, `o5`); the checkers on the
/// bar and borne off as `x:o`; the phase `opening`, `roll`, `play` or `second` (a double's
/// second play); the player it is for (`x`, `o`); the dice (`31`, `-` when not rolled); the turns
/// played and the plies.
pub(crate) fn position(state: &Backgammon) -> String {
    let points: Vec<String> = (0..POINTS)
        .map(|point| {
            Player::BOTH
                .into_iter()
                .find(|&p| state.checkers_at(p, point) > 0)
                .map_or(".".to_string(), |p| {
                    format!("{}{}", side_letter(p), state.checkers_at(p, point))
                })
        })
        .collect();
    let phase = match state.phase() {
        Phase::Opening => "opening",
        Phase::Roll => "roll",
        Phase::Play if state.second_half() => "second",
        Phase::Play => "play",
    };
    let dice = state
        .dice()
        .map_or("-".to_string(), |(low, high)| format!("{high}{low}"));
    format!(
        "{} {}:{} {}:{} {} {} {} {} {}",
        points.join(" "),
        state.bar[0],
        state.bar[1],
        state.off[0],
        state.off[1],
        phase,
        side_letter(state.to_move()),
        dice,
        state.turns(),
        state.ply()
    )
}

const POSITION_FORM: &str = "24 points (. or x/o and a count, OpenSpiel's point 0 first), bar x:o, off x:o, opening|roll|play|second, x|o, the dice (e.g. 31, - when not rolled), turns, plies; e.g. `x2 . . . . o5 . o3 . . . x5 o5 . . . x3 . x5 . . . . o2 0:0 0:0 roll x - 0 0`";

pub(crate) fn parse_position(
    variant: &Backgammon,
    text: &str,
) -> Result<Backgammon, NotationError> {
    let bad = |part: &str, why: &str| {
        NotationError::new("position", text, format!("{POSITION_FORM} ({part}: {why})"))
    };
    let words: Vec<&str> = text.split_whitespace().collect();
    if words.len() != POINTS + 7 {
        return Err(bad(
            "words",
            &format!("{} words where 31 are needed", words.len()),
        ));
    }
    let mut state = Backgammon::new(variant.scoring(), variant.max_turns());
    state.men = [[0; POINTS]; 2];
    for (point, word) in words[..POINTS].iter().enumerate() {
        if *word == "." {
            continue;
        }
        let (side, count) = match word.split_at_checked(1) {
            Some(("x", n)) => (Player::P0, n),
            Some(("o", n)) => (Player::P1, n),
            _ => return Err(bad(word, "a point is . or x or o and a count")),
        };
        let count: u8 = count
            .parse()
            .ok()
            .filter(|n| (1..=CHECKERS).contains(n))
            .ok_or_else(|| bad(word, "a count from 1 to 15"))?;
        state.men[side.index()][absolute(side, point)] = count;
    }
    let pair = |word: &str| -> Result<[u8; 2], NotationError> {
        let (x, o) = word
            .split_once(':')
            .ok_or_else(|| bad(word, "two counts as x:o"))?;
        let count = |n: &str| n.parse::<u8>().ok().filter(|&n| n <= CHECKERS);
        match (count(x), count(o)) {
            (Some(x), Some(o)) => Ok([x, o]),
            _ => Err(bad(word, "two counts from 0 to 15 as x:o")),
        }
    };
    state.bar = pair(words[POINTS])?;
    state.off = pair(words[POINTS + 1])?;
    for player in Player::BOTH {
        let side = player.index();
        let total: u32 = state.men[side].iter().map(|&n| n as u32).sum::<u32>()
            + state.bar[side] as u32
            + state.off[side] as u32;
        if total != CHECKERS as u32 {
            return Err(bad(
                &side_letter(player).to_string(),
                &format!("{total} checkers where each side has 15"),
            ));
        }
    }
    let (phase, second) = match words[POINTS + 2] {
        "opening" => (Phase::Opening, false),
        "roll" => (Phase::Roll, false),
        "play" => (Phase::Play, false),
        "second" => (Phase::Play, true),
        other => return Err(bad(other, "the phase is opening, roll, play or second")),
    };
    state.phase = phase;
    state.second_half = second;
    state.mover = match words[POINTS + 3] {
        "x" => Player::P0,
        "o" => Player::P1,
        other => return Err(bad(other, "the player is x or o")),
    };
    let dice = words[POINTS + 4];
    match (phase, dice) {
        (Phase::Play, _) => {
            let (low, high) = parse_dice(dice).ok_or_else(|| bad(dice, "two dice, e.g. 31"))?;
            if second && low != high {
                return Err(bad(dice, "a second play needs a double"));
            }
            state.dice = [low, high];
        }
        (_, "-") => {}
        _ => return Err(bad(dice, "no dice (-) before they are rolled")),
    }
    if phase == Phase::Opening && state.mover != Player::P0 {
        return Err(bad("o", "the opening roll is written for x"));
    }
    state.turns = words[POINTS + 5]
        .parse()
        .ok()
        .filter(|&t: &u16| t <= state.max_turns.saturating_add(1))
        .ok_or_else(|| bad(words[POINTS + 5], "the turns, at most max_turns + 1"))?;
    state.ply = words[POINTS + 6]
        .parse()
        .ok()
        .filter(|&p| p <= ply_search::game::MAX_POSITION_PLY)
        .ok_or_else(|| bad(words[POINTS + 6], "the plies, 0 to 1000000"))?;
    Ok(state)
}
