// ply serve's page: play, teach, replay. Plain JavaScript, no build step, no outside files.
// Every game rule comes from the server (/api/state lists the legal moves and the cells each
// touches); the page only draws and clicks.
'use strict';

const $ = (id) => document.getElementById(id);
const SVG_NS = 'http://www.w3.org/2000/svg';

/** The games, variants and agents the server offers (GET /api/games). */
let catalog = null;

// ---------------------------------------------------------------------------------------
// Talking to the server

/** GET (no body) or POST (a JSON body) an API route; throws the server's one-line error. */
async function api(path, body) {
  const options = body === undefined ? {} : {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
  return data;
}

/** Reads a server-sent event stream with fetch (so that a 4xx or 503 shows its message, and
 * aborting the fetch closes the connection, which stops the search on the server). */
async function streamEvents(url, onEvent, signal) {
  const response = await fetch(url, { signal });
  if (!response.ok) {
    const data = await response.json().catch(() => ({}));
    throw new Error(data.error || `HTTP ${response.status}`);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      let name = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) data += line.slice(5).trim();
      }
      if (data) onEvent(name, JSON.parse(data));
    }
  }
}

function showError(error) {
  const box = $('error');
  box.textContent = error.message || String(error);
  box.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { box.hidden = true; }, 8000);
}

function el(tag, attributes = {}, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

function svg(tag, attributes = {}, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attributes)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

const format = (n) => Math.round(n).toLocaleString('en-US');

// ---------------------------------------------------------------------------------------
// The board, drawn from the server's grid of marks

const CELL = 60;
const PLAYER_COLOURS = ['var(--p0)', 'var(--p1)', 'var(--p2)', 'var(--p3)', 'var(--p4)', 'var(--p5)'];
/** The seats' inputs, player 0 first: as many are shown as the game has players. */
const SEATS = ['p0', 'p1', 'p2', 'p3', 'p4', 'p5'];

/** Draws `view.grid` into `target`. Options: onCell(index), clickable (Set of cells),
 * selected (a cell), targets (Set of cells), arrows ([{from, to}] in move order), firstMover
 * (the player of the first arrow; by default the player to move in `view`), heat
 * (Map cell -> {share, mean}). */
function drawBoard(target, view, options = {}) {
  const hadFocus = target.contains(document.activeElement);
  target.replaceChildren();
  const grid = view && view.grid;
  if (!grid && view && view.drawing) {
    // A game without a grid of cells (backgammon, Pig): its terminal drawing.
    const lines = view.drawing.replace(/^\n+/, '').split('\n');
    const width = Math.max(...lines.map((l) => l.length), 20);
    target.setAttribute('viewBox', `0 0 ${width * 10 + 20} ${lines.length * 20 + 16}`);
    lines.forEach((line, i) => target.append(svg('text', {
      x: 10, y: 24 + i * 20, 'font-family': 'monospace', 'font-size': 16, style: 'white-space: pre', fill: '#24292f' }, line)));
    return;
  }
  if (!grid) {
    target.setAttribute('viewBox', '0 0 420 60');
    target.append(svg('text', { x: 210, y: 36, 'text-anchor': 'middle', 'font-size': 18, fill: '#5b6470' },
      view ? `position ${view.position}: choose a move below` : ''));
    return;
  }
  const left = grid.row_labels.length ? 30 : 6;
  const top = grid.column_labels.length ? 30 : 6;
  target.setAttribute('viewBox', `0 0 ${left + grid.width * CELL + 6} ${top + grid.height * CELL + 6}`);
  const centre = (i) => [left + (i % grid.width) * CELL + CELL / 2, top + Math.floor(i / grid.width) * CELL + CELL / 2];
  grid.column_labels.forEach((label, c) => target.append(svg('text', {
    x: left + c * CELL + CELL / 2, y: 20, 'text-anchor': 'middle', 'font-size': 16, fill: '#5b6470' }, label)));
  grid.row_labels.forEach((label, r) => target.append(svg('text', {
    x: 15, y: top + r * CELL + CELL / 2 + 6, 'text-anchor': 'middle', 'font-size': 16, fill: '#5b6470' }, label)));
  grid.cells.forEach((cell, i) => {
    const [cx, cy] = centre(i);
    const x = cx - CELL / 2;
    const y = cy - CELL / 2;
    const g = svg('g', { class: 'cell', 'data-cell': i });
    const dark = (Math.floor(i / grid.width) + (i % grid.width)) % 2 === 1;
    const fill = cell.mark === 'blocked' ? 'var(--blocked)' : dark ? 'var(--cell-alt)' : 'var(--cell)';
    g.append(svg('rect', { x, y, width: CELL, height: CELL, fill, stroke: '#b9b29f' }));
    const heat = options.heat ? options.heat.get(i) : undefined;
    if (heat) {
      // The visit share as colour and percentage, the mean reward (for the player to move) above.
      g.append(svg('rect', { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, fill: 'var(--accent)', opacity: 0.15 + 0.75 * heat.share }));
      g.append(svg('text', { x: cx, y: y + CELL - 6, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': 600 },
        `${Math.round(100 * heat.share)}%`));
      g.append(svg('text', { x: cx, y: y + 14, 'text-anchor': 'middle', 'font-size': 11 }, heat.mean.toFixed(2)));
    }
    if (cell.mark === 'piece') {
      const master = cell.kind > 0;
      g.append(svg('circle', { cx, cy, r: master ? CELL * 0.4 : CELL * 0.32, fill: PLAYER_COLOURS[cell.owner], stroke: 'white', 'stroke-width': 3 }));
      g.append(svg('text', { x: cx, y: cy + 7, 'text-anchor': 'middle', 'font-size': 20, 'font-weight': 700, fill: 'white' },
        master ? 'M' : String(cell.owner)));
      g.append(svg('title', {}, `player ${cell.owner}'s ${cell.kind_name}`));
    } else if (cell.mark === 'token') {
      g.append(svg('circle', { cx, cy, r: CELL * 0.2, fill: '#c58f00', stroke: '#7a5800' }));
    }
    if (options.lastMove && (options.lastMove.from === i || options.lastMove.to === i || options.lastMove.then === i)) {
      // The last move: where it left, where it landed, and (Amazons) where its arrow fell.
      const shot = options.lastMove.then === i;
      g.append(svg('rect', { class: shot ? 'last-move last-arrow' : 'last-move', x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8,
        fill: 'none', stroke: 'var(--last-move)', 'stroke-width': shot ? 3 : 4, 'stroke-dasharray': options.lastMove.from === i ? '6 4' : 'none' }));
    }
    if (options.winning && options.winning.has(i)) {
      g.append(svg('circle', { class: 'winning', cx, cy, r: CELL * 0.44, fill: 'none', stroke: 'var(--winning)', 'stroke-width': 5 }));
    }
    if (options.selected === i) {
      g.append(svg('rect', { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, fill: 'none', stroke: 'var(--accent)', 'stroke-width': 5 }));
    }
    if (options.targets && options.targets.has(i)) {
      // A dark dot ringed in white: visible on light cells, dark cells and pieces alike.
      g.append(svg('circle', { class: 'target-dot', cx, cy, r: 9, fill: '#116329', stroke: 'white', 'stroke-width': 2 }));
    }
    // A ring shown while the cell has the keyboard's focus (an outline on an SVG group draws
    // badly): dark outside, white inside, to stand out on light and dark cells alike.
    g.append(svg('rect', { class: 'focus-ring', x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, fill: 'none', stroke: '#1b1f24', 'stroke-width': 4 }));
    g.append(svg('rect', { class: 'focus-ring', x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, fill: 'none', stroke: 'white', 'stroke-width': 2 }));
    const landing = (view.moves || []).filter((m) => m.to === i).map((m) => m.label || m.move);
    const clickable = options.clickable && options.clickable.has(i);
    g.setAttribute('role', 'button');
    g.setAttribute('tabindex', '-1');
    g.setAttribute('aria-label', `${cellName(grid, i)}: ${cellContent(grid, cell)}${clickable && landing.length ? `, move ${landing.join(' or ')}` : ''}`);
    if (clickable) {
      if (landing.length) g.append(svg('title', {}, `move ${landing.join(' or ')}`));
      g.classList.add('clickable');
      g.addEventListener('click', () => options.onCell(i));
    } else {
      g.setAttribute('aria-disabled', 'true');
    }
    target.append(g);
  });
  keyboardCells(target, grid, options, hadFocus);
  if (options.arrows && options.arrows.length) {
    const firstMover = options.firstMover ?? view.to_move;
    drawArrows(target, options.arrows, centre, firstMover, view.utility.length);
  }
}

/** A cell's name as a class reads it off the board's labels: "A5" where columns are letters
 * (Onitama, Breakthrough), else "row 3, column 4" (the labels, or counted from 1). */
function cellName(grid, i) {
  const r = Math.floor(i / grid.width);
  const c = i % grid.width;
  const row = grid.row_labels.length ? grid.row_labels[r] : String(r + 1);
  const column = grid.column_labels.length ? grid.column_labels[c] : String(c + 1);
  return /^[A-Za-z]$/.test(column) ? `${column}${row}` : `row ${row}, column ${column}`;
}

/** What stands on a cell, in words. */
function cellContent(grid, cell) {
  if (cell.mark === 'piece') return `player ${cell.owner}'s ${cell.kind_name}`;
  if (cell.mark === 'blocked') return 'blocked';
  if (cell.mark === 'token') return 'a stone';
  return 'empty';
}

/** The board by keyboard: one cell at a time takes Tab (the last one focused, else the first
 * where a move can be made), the arrow keys move between cells, Enter or Space clicks. The
 * focus survives the board being drawn again after a move. */
function keyboardCells(target, grid, options, hadFocus) {
  const cells = [...target.querySelectorAll('g.cell')];
  const count = cells.length;
  const firstClickable = cells.findIndex((g) => g.classList.contains('clickable'));
  let current = keyboardCells.focus.get(target.id);
  if (current === undefined || current >= count) current = Math.max(0, firstClickable);
  cells[current].setAttribute('tabindex', '0');
  if (hadFocus) cells[current].focus();
  const move = (to) => {
    cells[current].setAttribute('tabindex', '-1');
    current = to;
    keyboardCells.focus.set(target.id, to);
    cells[to].setAttribute('tabindex', '0');
    cells[to].focus();
  };
  target.onkeydown = (e) => {
    const at = cells.indexOf(document.activeElement);
    if (at < 0) return;
    const r = Math.floor(at / grid.width);
    const c = at % grid.width;
    const step = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[e.key];
    if (step) {
      e.preventDefault();
      const [nr, nc] = [r + step[0], c + step[1]];
      if (nr >= 0 && nr < grid.height && nc >= 0 && nc < grid.width) move(nr * grid.width + nc);
    } else if ((e.key === 'Enter' || e.key === ' ') && cells[at].classList.contains('clickable')) {
      e.preventDefault();
      keyboardCells.focus.set(target.id, at);
      options.onCell(at);
    }
  };
}
keyboardCells.focus = new Map();

/** The principal variation: numbered arrows (or numbered rings for placements), coloured by
 * the player who makes each move. */
function drawArrows(target, arrows, centre, firstMover, players) {
  const defs = svg('defs');
  for (let p = 0; p < players; p++) {
    const marker = svg('marker', { id: `head${p}`, viewBox: '0 0 10 10', refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto-start-reverse' });
    marker.append(svg('path', { d: 'M 0 0 L 10 5 L 0 10 z', fill: PLAYER_COLOURS[p] }));
    defs.append(marker);
  }
  target.append(defs);
  arrows.slice(0, 6).forEach((move, n) => {
    if (move.to === null || move.to === undefined) return;
    const player = (firstMover + n) % players;
    const [tx, ty] = centre(move.to);
    const opacity = Math.max(0.35, 1 - n * 0.12);
    const g = svg('g', { class: 'pv', opacity });
    if (move.from !== null && move.from !== undefined) {
      const [fx, fy] = centre(move.from);
      g.append(svg('line', { x1: fx, y1: fy, x2: tx, y2: ty, stroke: PLAYER_COLOURS[player], 'stroke-width': 6, 'marker-end': `url(#head${player})` }));
    } else {
      g.append(svg('circle', { cx: tx, cy: ty, r: CELL * 0.38, fill: 'none', stroke: PLAYER_COLOURS[player], 'stroke-width': 5 }));
    }
    g.append(svg('text', { x: tx + CELL * 0.28, y: ty - CELL * 0.2, 'font-size': 16, 'font-weight': 700, fill: PLAYER_COLOURS[player] }, String(n + 1)));
    target.append(g);
  });
}

/** The lines under the board, or the game's small pictures where it has them (Onitama's
 * cards: each hand's two in its player's colour, its moves drawn as that player sees the
 * board, and the side card). */
function drawCaption(target, view) {
  const grid = view && view.grid;
  target.replaceChildren();
  if (grid && grid.diagrams && grid.diagrams.length) {
    target.classList.add('diagrams');
    for (const d of grid.diagrams) target.append(drawDiagram(d));
    return;
  }
  target.classList.remove('diagrams');
  target.textContent = grid ? grid.caption.join('\n') : '';
}

function drawDiagram(d) {
  const size = 16;
  const colour = d.owner === null ? 'var(--muted)' : PLAYER_COLOURS[d.owner];
  const figure = el('figure', { class: 'diagram', 'data-owner': d.owner === null ? 'side' : String(d.owner) });
  const picture = svg('svg', { viewBox: `0 0 ${d.width * size} ${d.height * size}`, width: d.width * size, height: d.height * size, role: 'img' });
  const moves = [];
  d.marked.forEach((marked, i) => {
    const [x, y] = [(i % d.width) * size, Math.floor(i / d.width) * size];
    const fill = i === d.centre ? '#1b1f24' : marked ? colour : 'white';
    picture.append(svg('rect', { x, y, width: size, height: size, fill, stroke: '#c9d1d9' }));
    if (marked) moves.push(i);
  });
  const who = d.owner === null ? '' : `player ${d.owner}'s card `;
  picture.setAttribute('aria-label', `${who}${d.title}: ${moves.length} moves from the dark square`);
  const caption = el('figcaption', {}, d.title);
  if (d.owner !== null) caption.style.color = d.owner === 1 ? '#a8321a' : colour; // text needs a darker red
  figure.append(picture, caption);
  if (d.note) figure.append(el('div', { class: 'muted' }, d.note));
  return figure;
}

// ---------------------------------------------------------------------------------------
// Play

const play = {
  spec: 'isolation',
  start: null,          // a position text to start from, or null for the game's start
  moves: [],
  redo: [],
  view: null,
  players: ['human', 'alphabeta(time=1s)'],
  autoRoll: true,       // roll the dice as soon as they are due
  selected: null,
  landing: null,        // with `selected`: the cell a move landed on, waiting for its third click
  live: null,           // the running search: {controller, id, playIt, at}
  serial: 0,            // bumped by every change of position, to drop stale answers
  arrows: [],
  heat: null,
};

function isHuman(player) {
  return play.players[player].trim().toLowerCase() === 'human';
}

async function refresh({ agentMayMove = true } = {}) {
  const serial = ++play.serial;
  stopLive(false);
  const request = { game: play.spec, moves: play.moves };
  if (play.start) request.position = play.start;
  let view;
  try {
    view = await api('/api/state', request);
  } catch (e) {
    showError(e);
    return;
  }
  if (serial !== play.serial) return;
  play.view = view;
  showSeats(view.utility.length);
  play.selected = null;
  play.landing = null;
  play.arrows = [];
  play.heat = null;
  renderPlay();
  if (view.chance_node) {
    // The dice: rolled by the server at once, or by the Roll button and the outcomes' buttons.
    if (agentMayMove && play.autoRoll) rollDice(serial);
    return;
  }
  if (agentMayMove && !view.terminal && !isHuman(view.to_move)) {
    startLive(play.players[view.to_move], true);
  }
}

/** Asks the server to roll the dice (each outcome with its probability) and plays the roll. */
async function rollDice(serial = play.serial) {
  const request = { game: play.spec, moves: play.moves };
  if (play.start) request.position = play.start;
  let rolled;
  try {
    rolled = await api('/api/roll', request);
  } catch (e) {
    showError(e);
    return;
  }
  if (serial !== play.serial) return;
  playMove(rolled.move);
}

/** The catalog's entry of the game a spec names. */
function catalogGame(spec) {
  return catalog && catalog.games.find((g) => g.name === gameName(spec));
}

/** Whether a spec names a game with dice (the catalog says which games have them). */
function hasDice(spec) {
  const game = catalogGame(spec);
  return !!(game && game.chance);
}

/** Shows the seats' inputs of a game of `count` players, and hides the others. */
function showSeats(count) {
  document.querySelectorAll('.extra-seat').forEach((label, i) => { label.hidden = i + 2 >= count; });
}

/** Shows the seats of the game the spec field names, asking the server how many players its
 * start has (a spec it refuses leaves the seats as they are: New game says why). */
async function seatsForSpec() {
  const spec = $('game-spec').value.trim();
  try {
    const start = await api('/api/state', { game: spec, moves: [] });
    if ($('game-spec').value.trim() === spec) showSeats(start.utility.length);
  } catch (e) {
    // Nothing to show yet.
  }
}

/** A game with dice needs agents that handle chance, and a game with variants for more than
 * two players agents that search for each player: the two-player searches' defaults become
 * expectimax or MCTS when such a game is chosen (MCTS plays every game, so it stays), and
 * expectimax goes back to alpha-beta when a game without dice is. */
function suitAgentsToGame() {
  const spec = $('game-spec').value.trim();
  const dice = hasDice(spec);
  const many = !!(catalogGame(spec) || {}).many_players;
  for (const [id, time] of [...SEATS.map((s) => [s, '1s']), ['analyse-agent', '2s']]) {
    const input = $(id);
    const value = input.value.trim();
    if (many && /^(alphabeta|minimax|plain-alphabeta|expectimax)\b/.test(value)) input.value = `mcts(time=${time})`;
    else if (dice && /^(alphabeta|minimax|plain-alphabeta)\b/.test(value)) input.value = `expectimax(time=${time})`;
    else if (!dice && /^expectimax\b/.test(value)) input.value = `alphabeta(time=${time})`;
  }
}

const COLOUR_NAMES = ['blue', 'red', 'green', 'yellow', 'purple', 'teal'];

/** "How to play": the game's rules, and who sits where (which player you are, who moves first,
 * how to play second). */
function renderRules(view) {
  const game = catalogGame(play.spec);
  $('rules-game').textContent = game ? `(${game.name})` : '';
  $('rules-text').textContent = game && game.rules ? game.rules : '';
  const seats = view.utility.length;
  const people = [...Array(seats).keys()].filter((p) => isHuman(p));
  const seat = (p) => `player ${p} (${COLOUR_NAMES[p]})`;
  let help;
  if (!people.length) help = 'Agents play every seat: watch them, or put human in a seat and press New game.';
  else if (people.length === seats) help = `People play every seat, taking turns at this screen; ${seat(0)} moves first.`;
  else if (people.length === 1) {
    help = `You play ${seat(people[0])}${people[0] === 0 ? ', moving first' : ''}, against ${[...Array(seats).keys()].filter((p) => p !== people[0]).map((p) => play.players[p]).join(' and ')}.`;
    if (people[0] === 0 && seats === 2) help += ' To play second, put human in Player 1 and an agent in Player 0, then press New game.';
  } else help = `People play ${people.map(seat).join(' and ')}.`;
  $('seat-help').textContent = help;
}

function renderPlay() {
  const view = play.view;
  if (!view) return;
  renderRules(view);
  const status = $('status');
  status.replaceChildren();
  if (view.terminal) {
    status.append(el('span', {}, `Game over: ${view.result}`));
    if (view.end_reason && view.end_reason !== view.result) status.append(` (${view.end_reason})`);
    const verdict = verdictForPeople(view);
    if (verdict) status.append(el('strong', { class: 'verdict' }, ` ${verdict}`));
  } else if (view.chance_node) {
    status.append(el('span', { class: `p${view.to_move}` }, `Player ${view.to_move}`),
      play.autoRoll ? ' (the dice are rolling)' : ' (roll the dice, or set them below)');
  } else if (!isHuman(view.to_move) && !play.live) {
    // An agent's turn reached by undo, redo or a jump in the history: it waits to be told.
    const agent = play.players[view.to_move];
    const resume = el('button', { id: 'resume', class: 'primary' }, `Resume: ${agent} moves`);
    resume.addEventListener('click', () => startLive(agent, true));
    status.append(el('span', { class: `p${view.to_move}` }, `Player ${view.to_move}`), ` (${agent} to move, paused) `, resume);
  } else {
    const who = isHuman(view.to_move) ? 'your move' : `${play.players[view.to_move]} to move`;
    status.append(el('span', { class: `p${view.to_move}` }, `Player ${view.to_move}`), ` (${who})`);
  }
  const humanTurn = !view.terminal && isHuman(view.to_move) && !(play.live && play.live.playIt);
  const clickable = new Set();
  const targets = new Set();
  if (humanTurn && play.landing !== null) {
    // The third click: the cells the move may go on to (Amazons' arrow) from where it landed.
    for (const m of finishing()) {
      clickable.add(m.then);
      targets.add(m.then);
    }
    clickable.add(play.landing);
  } else if (humanTurn) {
    // A click anywhere in a column drops a stone there (Connect Four).
    const drops = dropsByColumn(view);
    if (drops) view.grid.cells.forEach((_, i) => { if (drops.has(i % view.grid.width)) clickable.add(i); });
    for (const m of view.moves) {
      if (m.to !== null) clickable.add(m.to);
      if (m.from !== null) clickable.add(m.from);
      if (m.to !== null && (play.selected === null || m.from === play.selected)) targets.add(m.to);
    }
  }
  // Between the second and third clicks (Amazons) the piece stands where it landed, and the
  // status says what the third click does.
  let shown = view;
  if (humanTurn && play.landing !== null && view.grid) {
    const cells = [...view.grid.cells];
    cells[play.landing] = cells[play.selected];
    cells[play.selected] = { mark: 'empty' };
    shown = { ...view, grid: { ...view.grid, cells } };
    status.append(el('span', { class: 'hint' }, ': now click the cell its arrow flies to (the dots), or elsewhere to start over'));
  }
  drawBoard($('board'), shown, {
    clickable, targets, selected: play.landing !== null ? play.landing : play.selected, onCell: clickCell,
    arrows: play.arrows, heat: play.heat, lastMove: view.last_move, winning: new Set(view.winning_cells || []),
  });
  drawCaption($('caption'), view);
  const legal = $('legal');
  legal.replaceChildren();
  $('legal-count').textContent = String(view.moves.length);
  const odds = new Map((view.chance_outcomes || []).map((c) => [c.outcome, c.probability]));
  // Moves named by coordinates read in the board's order (top row first); the others keep
  // the game's order.
  const byCell = view.grid && view.moves.every((m) => m.to !== null && m.label && m.label !== m.move);
  const listed = byCell ? [...view.moves].sort((a, b) => a.to - b.to || (a.from ?? -1) - (b.from ?? -1)) : view.moves;
  for (const m of listed) {
    // The move as read on the board's coordinates; its notation (what the server and the
    // command read) in the tooltip where the two differ.
    const b = el('button', { 'data-move': m.move }, m.label || m.move);
    if (m.label && m.label !== m.move) b.title = `notation ${m.move}`;
    if (view.chance_node) {
      // An outcome of the dice, set by hand (dice rolled at the table), with its chance.
      b.title = `probability ${(odds.get(m.move) || 0).toFixed(4)}`;
      b.disabled = false;
    } else {
      b.disabled = !humanTurn;
    }
    b.addEventListener('click', () => playMove(m.move));
    legal.append(b);
  }
  // The dice's controls, in games with dice: the Roll button works when the dice are due.
  $('dice').hidden = view.chance_node === undefined;
  $('roll').disabled = !view.chance_node || view.terminal;
  if (!view.moves.length) legal.append(el('span', { class: 'muted' }, 'no legal moves'));
  const history = $('history');
  history.replaceChildren();
  play.moves.forEach((m, i) => {
    // Each entry a button (reachable by Tab), named as people read the move.
    const label = (view.move_labels || [])[i] || m;
    const item = el('li', { 'data-ply': i + 1 });
    const button = el('button', { class: 'history-move', title: label === m ? `back to after move ${i + 1}` : `notation ${m}; back to after move ${i + 1}` }, label);
    if (i === play.moves.length - 1) {
      item.classList.add('current');
      button.setAttribute('aria-current', 'step');
    }
    button.addEventListener('click', () => jumpTo(i + 1));
    item.append(button);
    history.append(item);
  });
  $('board-text').textContent = view.drawing || '';
  history.scrollTop = history.scrollHeight;
  $('position-text').value = play.start || '';
  $('moves-text').value = play.moves.join(',');
  $('undo').disabled = play.moves.length === 0;
  $('redo').disabled = play.redo.length === 0;
  $('choose').hidden = true;
}

/** The end from the people's side of the table, when people played: "You win.", "You lost to
 * alphabeta(time=1s).", or for several people who won; nothing for a game of agents alone. */
function verdictForPeople(view) {
  const seats = view.utility.length;
  const people = [...Array(seats).keys()].filter((p) => isHuman(p));
  if (!people.length) return '';
  const best = Math.max(...view.utility);
  const winners = [...Array(seats).keys()].filter((p) => view.utility[p] === best);
  if (winners.length !== 1 || best === Math.min(...view.utility)) return 'A draw.';
  const winner = winners[0];
  if (people.length === seats) return `Player ${winner} wins.`;
  if (isHuman(winner)) return people.length === 1 ? 'You win.' : `Player ${winner} (a person) wins.`;
  return `${people.length === 1 ? 'You lost' : 'The people lost'} to ${play.players[winner]}.`;
}

/** The moves of the piece picked up that landed where the second click said: those a third
 * click (on `then`, Amazons' arrow) tells apart. */
function finishing() {
  return play.view.moves.filter((m) => m.from === play.selected && m.to === play.landing
    && m.then !== null && m.then !== undefined);
}

/** A click on a cell: play the move landing there (asking which, if several), or pick up the
 * piece standing there. Moves that go on after landing (Amazons' arrow) take a third click on
 * the cell they go on to; a click elsewhere starts over. */
function clickCell(cell) {
  const moves = play.view.moves;
  if (play.landing !== null) {
    const move = finishing().find((m) => m.then === cell);
    play.landing = null;
    if (move) return playMove(move.move);
    play.selected = null;
    return renderPlay();
  }
  const landing = moves.filter((m) => m.to === cell && (play.selected === null || m.from === play.selected));
  if (landing.length === 1) return playMove(landing[0].move);
  const froms = new Set(landing.map((m) => m.from));
  if (landing.length > 1 && froms.size === 1 && landing.every((m) => m.then !== null && m.then !== undefined)) {
    play.selected = landing[0].from;
    play.landing = cell;
    return renderPlay();
  }
  if (landing.length > 1) return offerChoice(landing);
  if (moves.some((m) => m.from === cell)) {
    play.selected = play.selected === cell ? null : cell;
  } else {
    const dropped = droppedInColumn(cell);
    if (dropped) return playMove(dropped.move);
    play.selected = null;
  }
  renderPlay();
}

/** In a game whose stones drop down a column (Connect Four: every move places a stone, one
 * a column), each column's move by column; null in other games. */
function dropsByColumn(view) {
  const grid = view.grid;
  if (!grid || !view.moves.length || view.moves.some((m) => m.from !== null || m.to === null)) return null;
  const byColumn = new Map(view.moves.map((m) => [m.to % grid.width, m]));
  return byColumn.size === view.moves.length ? byColumn : null;
}

/** The move placing a stone in the column of the clicked cell, in such a game. */
function droppedInColumn(cell) {
  const drops = play.selected === null ? dropsByColumn(play.view) : null;
  return drops ? drops.get(cell % play.view.grid.width) || null : null;
}

/** Several moves land on one cell (Onitama's two cards): buttons for each. */
function offerChoice(moves) {
  const box = $('choose');
  box.replaceChildren(el('span', {}, 'Which move?'));
  for (const m of moves) {
    const b = el('button', { 'data-move': m.move }, m.move);
    b.addEventListener('click', () => playMove(m.move));
    box.append(b);
  }
  box.hidden = false;
}

function playMove(move) {
  play.moves = [...play.moves, move];
  play.redo = [];
  $('saved').textContent = '';
  refresh();
}

function undo() {
  if (!play.moves.length) return;
  clearEngine();
  const moves = [...play.moves];
  // Back to a person's turn: against agents, one undo takes back their replies too (the
  // players taken to move in turn; a game of agents alone steps back one move).
  const players = play.view.utility.length;
  const someoneHuman = play.players.slice(0, players).some((_, p) => isHuman(p));
  let toMove = play.view.to_move;
  do {
    play.redo.push(moves.pop());
    toMove = (toMove + players - 1) % players;
  } while (someoneHuman && moves.length && !isHuman(toMove));
  play.moves = moves;
  refresh({ agentMayMove: false });
}

function redo() {
  if (!play.redo.length) return;
  clearEngine();
  play.moves = [...play.moves, play.redo.pop()];
  refresh({ agentMayMove: false });
}

function jumpTo(plies) {
  clearEngine();
  const taken = play.moves.slice(plies).reverse();
  play.redo = [...play.redo, ...taken];
  play.moves = play.moves.slice(0, plies);
  refresh({ agentMayMove: false });
}

function newGame() {
  play.spec = $('game-spec').value.trim() || 'isolation';
  // The list shows the game played: its variant, or "a spec of your own".
  const variant = $('variant');
  const known = [...variant.options].some((o) => o.value === play.spec);
  variant.value = known ? play.spec : '';
  play.players = SEATS.map((id) => $(id).value.trim() || 'human');
  play.start = null;
  play.moves = [];
  play.redo = [];
  $('saved').textContent = '';
  clearEngine();
  refresh();
}

function loadPosition() {
  play.spec = $('game-spec').value.trim() || play.spec;
  play.start = $('position-text').value.trim() || null;
  play.moves = $('moves-text').value.split(/,(?![^(]*\))/).map((m) => m.trim()).filter(Boolean);
  play.redo = [];
  clearEngine();
  refresh({ agentMayMove: false });
}

async function copyPosition() {
  const text = `game ${play.spec}\nposition ${play.view ? play.view.position : ''}\nmoves ${play.moves.join(',')}`;
  try {
    await navigator.clipboard.writeText(text);
    $('saved').textContent = 'copied the game, position and moves';
  } catch (e) {
    $('moves-text').select();
    $('saved').textContent = 'select and copy the fields above';
  }
}

async function saveRecord() {
  try {
    const seats = play.view ? play.view.utility.length : 2;
    const answer = await api('/api/record', { game: play.spec, moves: play.moves, players: play.players.slice(0, seats) });
    const line = JSON.stringify(answer.record) + '\n';
    const link = el('a', { href: URL.createObjectURL(new Blob([line], { type: 'application/json' })), download: 'ply-game.jsonl' }, 'download');
    const note = $('saved');
    // A game saved before its end is recorded as resigned by the player to move: say so.
    const record = answer.record;
    const resigned = record.reason !== 'resigned' ? ''
      : record.faulted != null ? `the game was not over: recorded as player ${record.faulted} resigning, the others sharing the win; `
        : `the game was not over: recorded as player ${1 - record.winner} resigning; `;
    note.replaceChildren(resigned, answer.saved ? `saved to ${answer.saved} in the records folder; ` : 'record ready: ', link);
  } catch (e) {
    showError(e);
  }
}

// The engine, live

const ITERATION_COLUMNS = ['depth', 'score', 'nodes', 'nodes/s', 'ms', 'pv'];
const ROOT_COLUMNS = ['visits', 'share', 'mean', 'move'];

/** What each column and number means, for the table of alpha-beta's iterations and for
 * MCTS's root moves and heat map. */
const ENGINE_LEGENDS = {
  iterations: [
    ['depth', 'how many plies ahead this iteration of iterative deepening looked'],
    ['score', "the position's value for the player to move: +W5 is a forced win in 5 plies, -W5 a forced loss in 5, win and loss a result whose distance is not known; a plain number is the evaluator's estimate, higher being better for the player to move, 0 even"],
    ['nodes, nodes/s, ms', 'positions the search visited, how many a second, and the time so far'],
    ['pv', 'the principal variation: the line both sides are expected to play, drawn on the board as numbered arrows in the movers\' colours'],
  ],
  root: [
    ['visits, share', 'how many MCTS iterations went through each move at the root, and their share of all; the most visited move is played'],
    ['mean', "the move's average playout result for the player to move, from 0 (always lost) to 1 (always won); 0.5 is even"],
    ['on the board', 'each cell a move lands on shows its share of the visits (below, in %) and its mean (above); the deeper the colour, the more visits'],
    ['score', 'in the summary after the search: the chosen move\'s mean on a scale of -1000 (lost) to +1000 (won), as the command prints it'],
  ],
};

/** The engine table's columns: alpha-beta's iterations or MCTS's root moves, with the legend
 * that explains them. */
function engineColumns(columns) {
  const row = el('tr');
  for (const name of columns) row.append(el('th', {}, name));
  $('iterations').querySelector('thead').replaceChildren(row);
  const legend = $('engine-legend-list');
  legend.replaceChildren();
  for (const [term, meaning] of ENGINE_LEGENDS[columns === ROOT_COLUMNS ? 'root' : 'iterations']) {
    legend.append(el('dt', {}, term), el('dd', {}, meaning));
  }
}

function clearEngine() {
  engineColumns(ITERATION_COLUMNS);
  $('iterations').querySelector('tbody').replaceChildren();
  $('engine-summary').textContent = '';
}

/** Runs `agent` on the current position, streaming its progress; plays its move when
 * `playIt` (an agent's turn), else only shows it (analysis). */
function startLive(agent, playIt) {
  stopLive(false);
  clearEngine();
  const controller = new AbortController();
  const live = { controller, id: null, playIt, serial: play.serial };
  play.live = live;
  $('stop').disabled = false;
  const query = new URLSearchParams({ game: play.spec, agent });
  if (play.start) query.set('position', play.start);
  if (play.moves.length) query.set('moves', play.moves.join(','));
  $('engine-summary').textContent = `${agent} is thinking...`;
  renderPlay();
  const stale = () => play.live !== live || live.serial !== play.serial;
  streamEvents(`/api/live?${query}`, (name, data) => {
    if (stale()) return;
    if (name === 'started') live.id = data.id;
    else if (name === 'iteration') showIteration(data);
    else if (name === 'root') { live.root = data; showRoot(data); }
    else if (name === 'error') showError(new Error(data.error));
    else if (name === 'result') finishLive(live, data);
  }, controller.signal).catch((e) => {
    if (e.name !== 'AbortError' && !stale()) {
      showError(e);
      play.live = null;
      $('stop').disabled = true;
      renderPlay();
    }
  });
}

function showIteration(row) {
  const tr = el('tr');
  // The line as people read it on the board, where the game names moves by coordinates.
  const pv = row.pv_cells && row.pv_cells.length === row.pv.length ? row.pv_cells.map((c) => c.label || c.move) : row.pv;
  for (const v of [row.depth, row.score_text, format(row.nodes), format(row.nodes_per_second), row.time_ms.toFixed(1), pv.join(' ')]) {
    tr.append(el('td', {}, String(v)));
  }
  $('iterations').querySelector('tbody').append(tr);
  $('engine-summary').textContent = `depth ${row.depth}  score ${row.score_text}  ${format(row.nodes_per_second)} nodes/s`;
  play.arrows = row.pv_cells;
  play.heat = null;
  renderPlay();
}

function showRoot(root) {
  // One entry per cell: where several moves land on one cell, the most visited of them.
  play.heat = new Map();
  for (const child of root.children) {
    const seen = play.heat.get(child.to);
    if (child.to !== null && (!seen || child.share > seen.share)) play.heat.set(child.to, { share: child.share, mean: child.mean });
  }
  const best = [...root.children].sort((a, b) => b.visits - a.visits)[0];
  $('engine-summary').textContent = `${format(root.iterations)} iterations  ${format(root.iterations_per_second)}/s  most visited ${best ? best.move : '-'} (${best ? Math.round(100 * best.share) : 0}%, mean ${best ? best.mean.toFixed(3) : '-'})`;
  engineColumns(ROOT_COLUMNS);
  const body = $('iterations').querySelector('tbody');
  body.replaceChildren();
  for (const child of [...root.children].sort((a, b) => b.visits - a.visits).slice(0, 8)) {
    const tr = el('tr');
    for (const v of [format(child.visits), `${Math.round(100 * child.share)}%`, child.mean.toFixed(3), child.move]) tr.append(el('td', {}, v));
    body.append(tr);
  }
  play.arrows = [];
  renderPlay();
}

function finishLive(live, result) {
  play.live = null;
  $('stop').disabled = true;
  const s = result.stats;
  const best = (view) => (view.moves.find((m) => m.move === result.best_move) || {}).label || result.best_move;
  const shown = play.view ? best(play.view) : result.best_move;
  // MCTS: the chosen move's mean result, the number its heat map and table show.
  const chosen = live.root && live.root.children.find((c) => c.move === result.best_move);
  const value = chosen ? `mean ${chosen.mean.toFixed(3)} (score ${result.score_text})` : `score ${result.score_text}`;
  $('engine-summary').textContent = `best ${shown}  ${value}  ${format(s.nodes)} nodes  ${(s.time_us / 1000).toFixed(0)} ms  stopped by ${s.stopped_by}`;
  if (live.playIt && result.best_move) {
    playMove(result.best_move);
  } else {
    play.arrows = result.pv_cells;
    renderPlay();
  }
}

/** Ends the running search: `gracefully` asks the server to stop it (it then answers its
 * best move so far, which is played on an agent's turn); otherwise the stream is dropped,
 * which cancels the search on the server. */
async function stopLive(gracefully) {
  const live = play.live;
  if (!live) return;
  if (gracefully && live.id !== null) {
    try { await api(`/api/live/${live.id}/stop`, {}); } catch (e) { /* already finished */ }
    return;
  }
  play.live = null;
  live.controller.abort();
  $('stop').disabled = true;
}

// The game form: variants, and the keys of the chosen game

function gameName(spec) {
  return spec.split('(')[0].trim();
}

// The parts of `text` between its commas outside every bracket and parenthesis: a spec's keys,
// whose values may be nested lists (`shape=[[3,12,8],[2,4,6]]`).
function splitTopLevel(text) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function buildKeyForm() {
  const box = $('game-keys');
  box.replaceChildren();
  const game = catalog.games.find((g) => g.name === gameName($('game-spec').value));
  if (!game) return;
  const current = {};
  const inside = $('game-spec').value.match(/\((.*)\)/);
  if (inside) {
    for (const part of splitTopLevel(inside[1])) {
      const [k, ...v] = part.split('=');
      if (k) current[k.trim()] = v.join('=').trim();
    }
  }
  for (const key of game.keys) {
    const input = el('input', { 'data-key': key.key, placeholder: key.default, title: key.accepted, spellcheck: 'false' });
    input.value = current[key.key] || '';
    input.addEventListener('input', () => {
      const parts = [...box.querySelectorAll('input')].filter((i) => i.value.trim()).map((i) => `${i.dataset.key}=${i.value.trim()}`);
      $('game-spec').value = parts.length ? `${game.name}(${parts.join(',')})` : game.name;
      seatsForSpec();
    });
    // The accepted values as the field's tooltip and placeholder's neighbour, not its title:
    // a form a class reads at a glance.
    input.title = `${key.key}: ${key.accepted}`;
    const label = el('label', {}, key.key);
    label.append(input);
    box.append(label);
  }
  // A game that needs a key (a tree's shape) shows its keys open.
  box.closest('details').open = game.keys.some((k) => k.default === '(required)');
}

// ---------------------------------------------------------------------------------------
// Teach: the course searches step by step

const TRACE_PRESETS = [
  { label: 'AIMA figure 5.2: alpha-beta', game: 'tree(shape=[[3,12,8],[2,4,6],[14,5,2]])', algorithm: 'alphabeta' },
  { label: 'AIMA figure 5.2: minimax', game: 'tree(shape=[[3,12,8],[2,4,6],[14,5,2]])', algorithm: 'minimax' },
  { label: 'GameState quiz: minimax to depth 1 (5 terminal tests)', game: 'queen-isolation(preset=quiz)', algorithm: 'minimax', depth: 1 },
  { label: 'GameState quiz: iterative deepening to depth 2 (30)', game: 'queen-isolation(preset=quiz)', algorithm: 'minimax', depth: 2, iterative: true },
  { label: 'GameState quiz: alpha-beta to the end (55)', game: 'queen-isolation(preset=quiz)', algorithm: 'alphabeta', test_root: true },
  { label: 'Ties: pruning on equality against strict pruning', game: 'tree(shape=[[3,[3,9]],[[3,1],5],[2,7]])', algorithm: 'alphabeta', compare: true },
  { label: "CS188's expectimax example (8)", game: 'chance-tree(shape=[~[3,12,9],~[2,4,6],~[15,6,0]])', algorithm: 'expectimax' },
  { label: 'Max^n for three players: each leaf one value a player (Luckhardt and Irani)', game: 'multi-tree(shape=[[(3,3,3),(1,4,4)],[(4,2,2),(2,5,1)]])', algorithm: 'maxn' },
  { label: 'Max^n: three players, three levels', game: 'multi-tree(shape=[[[(1,2,6),(4,1,4)],[(3,5,1),(6,3,0)]],[[(5,4,0),(2,2,5)],[(0,6,3),(7,1,1)]]])', algorithm: 'maxn' },
  { label: "Expectiminimax on AIMA's backgammon shape (rolls weighted 1 and 2)", game: 'chance-tree(shape=[~[1:[~[2,4],~[7,-1]],2:[~[1:6,2:0],~[3,3]]],~[1:[~[-2,8]],2:[~[5,1],~[0,4]]]])', algorithm: 'expectimax' },
];

const teach = { panels: [], step: 0, merged: [], timer: null };

/** The pseudo-code each course search runs, AIMA's, line by line; a step's note names the
 * lines it runs, which the page marks. */
const PSEUDO_CODE = {
  alphabeta: [
    ['', 'function ALPHA-BETA-SEARCH(state) returns an action'],
    ['', '  v ← MAX-VALUE(state, −∞, +∞)'],
    ['decision', '  return the action in ACTIONS(state) with value v'],
    ['enter-max', 'function MAX-VALUE(state, α, β) returns a utility value'],
    ['leaf', '  if TERMINAL-TEST(state) then return UTILITY(state)'],
    ['', '  v ← −∞'],
    ['', '  for each a in ACTIONS(state) do'],
    ['update-max', '    v ← MAX(v, MIN-VALUE(RESULT(state, a), α, β))'],
    ['cut-max', '    if v ≥ β then return v'],
    ['bound-max', '    α ← MAX(α, v)'],
    ['return', '  return v'],
    ['enter-min', 'function MIN-VALUE(state, α, β) returns a utility value'],
    ['leaf', '  if TERMINAL-TEST(state) then return UTILITY(state)'],
    ['', '  v ← +∞'],
    ['', '  for each a in ACTIONS(state) do'],
    ['update-min', '    v ← MIN(v, MAX-VALUE(RESULT(state, a), α, β))'],
    ['cut-min', '    if v ≤ α then return v'],
    ['bound-min', '    β ← MIN(β, v)'],
    ['return', '  return v'],
  ],
  minimax: [
    ['', 'function MINIMAX-DECISION(state) returns an action'],
    ['decision', '  return arg max over a in ACTIONS(state) of MIN-VALUE(RESULT(state, a))'],
    ['enter-max', 'function MAX-VALUE(state) returns a utility value'],
    ['leaf', '  if TERMINAL-TEST(state) then return UTILITY(state)'],
    ['', '  v ← −∞'],
    ['update-max', '  for each a in ACTIONS(state) do v ← MAX(v, MIN-VALUE(RESULT(state, a)))'],
    ['return', '  return v'],
    ['enter-min', 'function MIN-VALUE(state) returns a utility value'],
    ['leaf', '  if TERMINAL-TEST(state) then return UTILITY(state)'],
    ['', '  v ← +∞'],
    ['update-min', '  for each a in ACTIONS(state) do v ← MIN(v, MAX-VALUE(RESULT(state, a)))'],
    ['return', '  return v'],
  ],
  maxn: [
    ['', 'function MAXN(state) returns a vector, one value a player'],
    ['leaf', '  if TERMINAL-TEST(state) then return UTILITIES(state)'],
    ['enter-maxn', '  p ← PLAYER(state); best ← none'],
    ['', '  for each a in ACTIONS(state) do'],
    ['update-maxn', '    v ← MAXN(RESULT(state, a)); if best = none or v[p] > best[p] then best ← v'],
    ['return', '  return best'],
    ['decision', 'the root plays the move whose vector is best for the player to move'],
  ],
  expectimax: [
    ['', 'function EXPECTIMINIMAX(s) ='],
    ['leaf', '  UTILITY(s)                                  if TERMINAL-TEST(s)'],
    ['enter-max', '  max over a of EXPECTIMINIMAX(RESULT(s, a))   if PLAYER(s) = MAX'],
    ['update-max', '      (the best child so far)'],
    ['enter-min', '  min over a of EXPECTIMINIMAX(RESULT(s, a))   if PLAYER(s) = MIN'],
    ['update-min', '      (the worst child so far, for MAX)'],
    ['enter-chance', '  Σ over r of P(r) · EXPECTIMINIMAX(RESULT(s, r))   if PLAYER(s) = CHANCE'],
    ['chance', '      (each roll weighted by its probability)'],
    ['return', '  (the node is done: its value goes up)'],
    ['decision', '  the root plays the child of highest value'],
  ],
};

function applyPreset(preset) {
  $('trace-game').value = preset.game;
  $('trace-algorithm').value = preset.algorithm;
  $('trace-depth').value = preset.depth || '';
  $('trace-iterative').checked = !!preset.iterative;
  $('trace-test-root').checked = !!preset.test_root;
  $('trace-strict').checked = !!preset.strict;
  $('trace-compare').checked = !!preset.compare;
}

/** The trace form as a class-mode link's query, and back: a teacher puts the link on a slide
 * and it opens this example at this step. */
function traceQuery() {
  const q = new URLSearchParams({ screen: 'teach', game: $('trace-game').value.trim(), algorithm: $('trace-algorithm').value });
  if ($('trace-depth').value.trim()) q.set('depth', $('trace-depth').value.trim());
  for (const [id, key] of [['trace-iterative', 'iterative'], ['trace-test-root', 'test_root'], ['trace-strict', 'strict'], ['trace-compare', 'compare']]) {
    if ($(id).checked) q.set(key, '1');
  }
  q.set('step', String(teach.step + 1));
  return q;
}

async function runTrace(step = 0) {
  stopAutoplay();
  $('step-label').textContent = 'tracing...'; // the last trace's steps no longer apply
  const depth = $('trace-depth').value.trim();
  const base = {
    game: $('trace-game').value.trim(),
    algorithm: $('trace-algorithm').value,
    iterative: $('trace-iterative').checked,
    test_root: $('trace-test-root').checked,
  };
  if (depth) base.depth = Number(depth);
  const compare = $('trace-compare').checked && base.algorithm === 'alphabeta';
  const asks = compare
    ? [{ ...base, strict: false }, { ...base, strict: true }]
    : [{ ...base, strict: $('trace-strict').checked }];
  try {
    const traces = await Promise.all(asks.map((ask) => api('/api/trace', ask)));
    $('error').hidden = true; // an earlier error no longer applies
    // A small tree fits its panel; a big one (the quiz's, a game's) opens at a readable size
    // and scrolls, rather than shrinking its labels to nothing.
    const leaves = (trace) => Math.max(...trace.runs.map((r) => {
      const parents = new Set(r.nodes.map((n) => n.parent));
      return r.nodes.filter((_, i) => !parents.has(i)).length;
    }));
    teach.panels = traces.map((trace, i) => ({ trace, ask: asks[i], timeline: timeline(trace), zoom: leaves(trace) > 24 ? 0.8 : null, boards: new Map(), edit: null }));
    teach.merged = mergeTimelines(teach.panels.map((p) => p.timeline));
    teach.step = step;
    renderTeach();
  } catch (e) {
    $('step-label').textContent = teach.merged.length ? `step ${teach.step + 1} of ${teach.merged.length}` : 'no trace yet';
    showError(e);
  }
}

/** Every step of every run, with the counters so far over all runs (iterative deepening
 * counts each depth's work, as the quiz does). */
function timeline(trace) {
  const steps = [];
  let before = { terminal_tests: 0, result_calls: 0 };
  trace.runs.forEach((run, r) => {
    for (const [i, step] of run.steps.entries()) {
      steps.push({
        run: r, index: i, kind: step.kind, node: step.node, note: step.note, path: run.nodes[step.node].path,
        counters: { terminal_tests: before.terminal_tests + step.counters.terminal_tests, result_calls: before.result_calls + step.counters.result_calls },
      });
    }
    const last = run.steps[run.steps.length - 1].counters;
    before = { terminal_tests: before.terminal_tests + last.terminal_tests, result_calls: before.result_calls + last.result_calls };
  });
  return steps;
}

/** Depth-first order of two steps of searches of one tree: by run, then where the nodes sit
 * (a node is entered before its children and left after them). */
function stepOrder(a, b) {
  if (a.run !== b.run) return a.run - b.run;
  const p = a.path;
  const q = b.path;
  let k = 0;
  while (k < p.length && k < q.length && p[k] === q[k]) k++;
  if (k === p.length && k === q.length) return (a.kind === 'enter' ? 0 : 1) - (b.kind === 'enter' ? 0 : 1);
  if (k === p.length) return a.kind === 'enter' ? -1 : 1;
  if (k === q.length) return b.kind === 'enter' ? 1 : -1;
  return p[k] - q[k];
}

/** Side by side, the panels step through one timeline, the union of their steps in
 * depth-first order: a node one rule prunes and the other visits is a step where only the
 * other moves, so the two stay at the same place in the tree. Each entry holds every
 * panel's own step there. */
function mergeTimelines(timelines) {
  const all = timelines.flat().sort(stepOrder);
  const merged = [];
  for (const step of all) {
    if (!merged.length || stepOrder(merged[merged.length - 1], step) !== 0) merged.push(step);
  }
  const cursors = timelines.map(() => 0);
  return merged.map((event) => ({
    event,
    at: timelines.map((steps, k) => {
      while (cursors[k] + 1 < steps.length && stepOrder(steps[cursors[k] + 1], event) <= 0) cursors[k]++;
      return cursors[k];
    }),
  }));
}

function renderTeach() {
  const box = $('trace-panels');
  box.replaceChildren();
  const total = teach.merged.length;
  teach.step = Math.max(0, Math.min(teach.step, total - 1));
  $('step-label').textContent = total ? `step ${teach.step + 1} of ${total}` : 'no trace yet';
  $('class-link').hidden = !total;
  if (total) $('class-link').href = `?${traceQuery()}&present=1`;
  teach.panels.forEach((panel, k) => box.append(renderPanel(panel, panel.timeline[teach.merged[teach.step].at[k]])));
}

/** One search's panel at one of its steps: the step in words, the node's v, alpha and beta,
 * the counters, the tree, the pseudo-code with the step's lines marked, and for a game the
 * position at the node. */
function renderPanel(panel, at) {
  const run = panel.trace.runs[at.run];
  const note = at.note || { text: '', lines: [], focus: at.node };
  const div = el('div', { class: 'trace-panel' });
  const rule = panel.ask.algorithm === 'minimax' ? 'minimax'
    : panel.ask.algorithm === 'expectimax' ? 'expectiminimax (AIMA), expectimax (CS188)'
      : panel.ask.algorithm === 'maxn' ? 'max^n (Luckhardt and Irani)'
        : panel.ask.strict ? 'alpha-beta, strict pruning' : 'alpha-beta, pruning on equality (AIMA)';
  div.append(el('h3', {}, `${rule}${run.depth ? `, depth ${run.depth}` : ''}`));
  div.append(el('div', { class: 'step-text', 'data-role': 'step' }, note.text));
  const focus = run.nodes[note.focus];
  const where = focus.path.length ? `node ${focus.path.map((i) => i + 1).join('.')}` : 'the root';
  const held = [`at ${where}:`, `v = ${note.v ?? '(none yet)'}`];
  if (note.alpha !== null && note.alpha !== undefined) held.push(`alpha = ${note.alpha}`, `beta = ${note.beta}`);
  div.append(el('div', { class: 'counters', 'data-role': 'window' }, held.join('   ')));
  const done = at.index === run.steps.length - 1 && at.run === panel.trace.runs.length - 1;
  const c = at.counters;
  div.append(el('div', { class: 'counters', 'data-role': 'counters' }, `terminal_test() ${c.terminal_tests}   result() ${c.result_calls}` + (done ? `   value ${run.value}, best move ${run.best_move}` : '')));
  const body = el('div', { class: 'trace-body' });
  const zoom = el('div', { class: 'zoom row' });
  for (const [label, factor, title] of [['−', 1 / 1.4, 'smaller'], ['+', 1.4, 'larger'], ['fit', null, 'fit the panel']]) {
    const b = el('button', { title, 'data-zoom': label }, label);
    b.addEventListener('click', () => {
      panel.zoom = factor === null ? null : (panel.zoom || 1) * factor;
      renderTeach();
    });
    zoom.append(b);
  }
  const scroller = el('div', { class: 'tree-scroll' });
  const picture = drawTree(panel, run, at.index);
  scroller.append(picture.svg);
  if (panel.zoom !== null) {
    picture.svg.setAttribute('width', picture.width * panel.zoom);
    picture.svg.setAttribute('height', picture.height * panel.zoom);
    picture.svg.style.maxWidth = 'none';
  }
  const left = el('div', { class: 'tree-column' });
  left.append(zoom, scroller);
  if (panel.edit !== null) left.append(leafEditor(panel, run));
  body.append(left, pseudoCode(panel.ask.algorithm, note.lines));
  div.append(body);
  if (!/^(chance-)?tree\b/.test(panel.ask.game)) div.append(nodeBoard(panel, run, note.focus));
  // Keep the current node in sight when the tree is wider than the panel.
  requestAnimationFrame(() => {
    const node = scroller.querySelector('g[data-state=current]');
    if (!node || (scroller.scrollWidth <= scroller.clientWidth && scroller.scrollHeight <= scroller.clientHeight)) return;
    const box = node.getBoundingClientRect();
    const frame = scroller.getBoundingClientRect();
    scroller.scrollLeft += box.left + box.width / 2 - (frame.left + frame.width / 2);
    scroller.scrollTop += box.top + box.height / 2 - (frame.top + frame.height / 2);
  });
  return div;
}

/** The pseudo-code beside the tree, the lines the step runs marked. */
function pseudoCode(algorithm, lines) {
  const pre = el('pre', { class: 'pseudo-code', 'data-role': 'pseudo-code' });
  for (const [id, text] of PSEUDO_CODE[algorithm] || []) {
    const line = el('span', { class: id && lines.includes(id) ? 'line running' : 'line', 'data-line': id }, text);
    pre.append(line, '\n');
  }
  return pre;
}

/** The position at a node of a game's search tree, drawn small (fetched once a node). */
function nodeBoard(panel, run, index) {
  const box = el('figure', { class: 'node-board' });
  const moves = [];
  for (let n = run.nodes[index]; n && n.parent !== null; n = run.nodes[n.parent]) moves.unshift(n.move);
  const where = moves.length ? `after ${moves.join(', ')}` : 'the root position';
  box.append(el('figcaption', {}, where));
  const picture = svg('svg', { class: 'board small', role: 'img', 'aria-label': `the position ${where}` });
  box.append(picture);
  const key = moves.join(',');
  const draw = (view) => drawBoard(picture, view, {});
  if (panel.boards.has(key)) draw(panel.boards.get(key));
  else {
    api('/api/state', { game: panel.ask.game, position: panel.trace.position, moves }).then((view) => {
      panel.boards.set(key, view);
      draw(view);
    }).catch(() => {});
  }
  return box;
}

/** The tree of a run at one of its steps: nodes not entered yet faint (a leaf's given payoff
 * already shown), the current node highlighted, left nodes with their values, and a cut's
 * pruned nodes greyed and dashed from the step the cut happens, not before. */
function drawTree(panel, run, upTo) {
  const nodes = run.nodes;
  const entered = new Set();
  const left = new Set();
  const cutAt = new Map();
  run.steps.forEach((step, i) => {
    if (i <= upTo) (step.kind === 'enter' ? entered : left).add(step.node);
    if (step.note && step.note.cut !== null && step.note.cut !== undefined && !cutAt.has(step.note.cut)) cutAt.set(step.note.cut, i);
  });
  const current = run.steps[upTo].node;
  const focus = run.steps[upTo].note ? run.steps[upTo].note.focus : current;
  const children = nodes.map(() => []);
  nodes.forEach((n, i) => { if (n.parent !== null) children[n.parent].push(i); });
  const x = new Array(nodes.length).fill(0);
  let next = 0;
  const place = (i) => {
    if (!children[i].length) { x[i] = next++; return; }
    children[i].forEach(place);
    x[i] = children[i].reduce((s, c) => s + x[c], 0) / children[i].length;
  };
  const root = nodes.findIndex((n) => n.parent === null);
  place(root);
  const depth = Math.max(...nodes.map((n) => n.path.length));
  const dx = 64, dy = 96, margin = 48;
  const px = (i) => margin + dx * x[i];
  const py = (i) => margin + dy * nodes[i].path.length;
  const width = margin * 2 + 40 + dx * Math.max(next - 1, 0);
  const height = margin * 2 + dy * depth + 24;
  const picture = svg('svg', { viewBox: `0 0 ${width} ${height}`, width: width * 1.5, height: height * 1.5, 'font-size': 14, 'font-family': 'ui-monospace, monospace' });
  const cutShown = (n) => n.pruned && cutAt.has(n.cut_by) && cutAt.get(n.cut_by) <= upTo;
  nodes.forEach((n, i) => {
    if (n.parent === null) return;
    const shown = entered.has(i);
    const cut = cutShown(n);
    picture.append(svg('line', { x1: px(n.parent), y1: py(n.parent) + 14, x2: px(i), y2: py(i) - 16,
      stroke: cut ? '#aaa' : shown ? '#333' : '#ccc', 'stroke-dasharray': cut ? '5,4' : 'none', 'stroke-width': 2 }));
    if (n.probability !== null && n.probability !== undefined) {
      picture.append(svg('text', { x: px(i), y: py(i) - 22, 'text-anchor': 'middle', 'font-size': 12, fill: shown ? 'var(--p0)' : '#999' },
        `${n.move}: ${Number(n.probability.toFixed(2))}`));
    } else {
      picture.append(svg('text', { x: (px(n.parent) + px(i)) / 2 + 4, y: (py(n.parent) + py(i)) / 2, fill: shown ? 'var(--p0)' : '#999' }, n.move));
    }
  });
  const editable = /^tree\(/.test(panel.ask.game) && treeShape(nodes) !== null;
  nodes.forEach((n, i) => {
    const cx = px(i), cy = py(i);
    const cut = cutShown(n);
    const state = i === current ? 'current' : left.has(i) ? 'left' : entered.has(i) ? 'entered' : cut ? 'pruned' : 'later';
    const stroke = { current: '#b07800', left: '#333', entered: '#333', pruned: '#aaa', later: '#aaa' }[state];
    const fill = state === 'current' ? '#fff3c4' : i === focus ? '#e8f0fe' : 'white';
    const g = svg('g', { 'data-node': i, 'data-state': state });
    const isLeaf = n.leaf || !children[i].length;
    if (isLeaf) g.append(svg('rect', { x: cx - 15, y: cy - 15, width: 30, height: 30, fill, stroke, 'stroke-width': 2.5 }));
    else if (n.player !== null && n.player !== undefined) {
      // Max^n: a circle in the mover's colour, its number inside.
      g.append(svg('circle', { cx, cy, r: 17, fill, stroke: PLAYER_COLOURS[n.player], 'stroke-width': 3.5 }));
      g.append(svg('text', { x: cx, y: cy + 5, 'text-anchor': 'middle', 'font-weight': 700, fill: PLAYER_COLOURS[n.player] }, `P${n.player}`));
    } else if (n.kind === 'chance') g.append(svg('circle', { cx, cy, r: 16, fill, stroke, 'stroke-width': 2.5 }));
    else if (n.max) g.append(svg('polygon', { points: `${cx},${cy - 16} ${cx - 17},${cy + 13} ${cx + 17},${cy + 13}`, fill, stroke, 'stroke-width': 2.5 }));
    else g.append(svg('polygon', { points: `${cx},${cy + 16} ${cx - 17},${cy - 13} ${cx + 17},${cy - 13}`, fill, stroke, 'stroke-width': 2.5 }));
    // A short value sits inside a leaf's square; a vector (max^n) under it.
    const inside = (text) => isLeaf && String(text).length <= 4;
    if (isLeaf && n.payoff !== null && n.payoff !== undefined && !left.has(i)) {
      // A given leaf value, before the search reaches it.
      g.append(svg('text', { class: 'payoff', x: cx, y: inside(n.payoff) ? cy + 5 : cy + 32, 'text-anchor': 'middle', fill: cut ? '#aaa' : '#333', 'font-size': inside(n.payoff) ? 14 : 12 }, n.payoff));
    }
    if (left.has(i)) {
      g.append(svg('text', { x: cx, y: inside(n.value) ? cy + 5 : cy + 32, 'text-anchor': 'middle', 'font-weight': 700, 'font-size': inside(n.value) ? 14 : 12 }, n.value));
    }
    if (cut) g.append(svg('text', { x: cx, y: cy + 32, 'text-anchor': 'middle', fill: '#888', 'font-size': 12 }, 'pruned'));
    if (entered.has(i) && n.order) g.append(svg('text', { x: cx - 24, y: cy - 14, fill: '#5b6470', 'font-size': 11 }, `#${n.order}`));
    if (editable && isLeaf) {
      g.classList.add('editable');
      g.setAttribute('tabindex', '0');
      g.setAttribute('role', 'button');
      g.setAttribute('aria-label', `leaf ${n.path.map((k) => k + 1).join('.')}: ${n.payoff}; click to change`);
      const open = () => { panel.edit = i; renderTeach(); };
      g.addEventListener('click', open);
      g.addEventListener('keydown', (e) => { if (e.key === 'Enter') open(); });
    }
    picture.append(g);
  });
  return { svg: picture, width: width * 1.5, height: height * 1.5 };
}

/** A deterministic tree's shape as nested lists from its drawn nodes (every leaf's payoff), or
 * null when some part of it is not drawn. */
function treeShape(nodes, changed = new Map()) {
  const children = nodes.map(() => []);
  nodes.forEach((n, i) => { if (n.parent !== null) children[n.parent].push(i); });
  const write = (i) => {
    if (!children[i].length) {
      const value = changed.has(i) ? changed.get(i) : nodes[i].payoff;
      return value === null || value === undefined ? null : value;
    }
    const parts = children[i].map(write);
    return parts.includes(null) ? null : `[${parts.join(',')}]`;
  };
  return write(nodes.findIndex((n) => n.parent === null));
}

/** The form that changes a clicked leaf's payoff and traces the tree again. */
function leafEditor(panel, run) {
  const n = run.nodes[panel.edit];
  const form = el('form', { class: 'leaf-editor row' });
  const input = el('input', { type: 'number', value: n.payoff, 'aria-label': 'the leaf value', step: '1' });
  form.append(el('span', {}, `leaf ${n.path.map((k) => k + 1).join('.')} =`), input, el('button', { type: 'submit', class: 'primary' }, 'Set'));
  const cancel = el('button', { type: 'button' }, 'Cancel');
  cancel.addEventListener('click', () => { panel.edit = null; renderTeach(); });
  form.append(cancel);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const value = input.value.trim();
    if (!/^-?\d+$/.test(value)) return showError(new Error(`bad leaf value \`${value}\`: expected a whole number`));
    const shape = treeShape(run.nodes, new Map([[panel.edit, value]]));
    $('trace-game').value = `tree(shape=${shape})`;
    runTrace(0);
  });
  setTimeout(() => input.focus(), 0);
  return form;
}

function stepTo(step) {
  teach.step = step;
  renderTeach();
}

/** Steps on by itself, one step every `--step-speed`, until the end or Pause. */
function toggleAutoplay() {
  if (teach.timer) return stopAutoplay();
  if (!teach.merged.length) return;
  if (teach.step >= teach.merged.length - 1) stepTo(0);
  $('step-play').textContent = 'Pause';
  $('step-play').setAttribute('aria-pressed', 'true');
  teach.timer = setInterval(() => {
    if (teach.step >= teach.merged.length - 1) return stopAutoplay();
    stepTo(teach.step + 1);
  }, Number($('step-speed').value));
}

function stopAutoplay() {
  clearInterval(teach.timer);
  teach.timer = null;
  $('step-play').textContent = 'Play';
  $('step-play').setAttribute('aria-pressed', 'false');
}

// ---------------------------------------------------------------------------------------
// Replay: arena record files

const replay = { games: [], game: null, ply: 0, cache: new Map() };

async function loadRecordFiles() {
  const list = $('record-files');
  list.replaceChildren();
  try {
    const answer = await api('/api/records');
    for (const file of answer.files) {
      const b = el('button', { 'data-file': file.name }, `${file.name} (${format(file.bytes)} bytes)`);
      b.addEventListener('click', () => openRecords(api(`/api/records/file?name=${encodeURIComponent(file.name)}`)));
      const item = el('li');
      item.append(b);
      list.append(item);
    }
    if (!answer.files.length) list.append(el('li', { class: 'muted' }, 'no record files in the folder yet'));
  } catch (e) {
    list.append(el('li', { class: 'muted' }, e.message));
  }
}

async function openRecords(request) {
  try {
    const answer = await request;
    replay.games = answer.games;
    const body = $('record-games').querySelector('tbody');
    body.replaceChildren();
    answer.games.forEach((g, i) => {
      const tr = el('tr', { 'data-game': i, tabindex: 0 });
      const winner = g.winner !== null ? `player ${g.winner}` : g.faulted != null ? `all but player ${g.faulted}` : 'draw';
      for (const v of [i + 1, g.game, g.players.join(' vs '), winner, g.reason, g.opening.length + g.moves.length]) tr.append(el('td', {}, String(v)));
      tr.addEventListener('click', () => replayGame(i));
      tr.addEventListener('keydown', (e) => { if (e.key === 'Enter') replayGame(i); });
      body.append(tr);
    });
    $('replay-status').textContent = `${answer.games.length} games in ${answer.name}: choose one`;
  } catch (e) {
    showError(e);
  }
}

function replayGame(i) {
  replay.game = replay.games[i];
  replay.ply = 0;
  replay.cache = new Map();
  for (const tr of $('record-games').querySelectorAll('tr')) tr.classList.toggle('current', tr.dataset.game === String(i));
  showReplay();
}

async function showReplay() {
  const g = replay.game;
  if (!g) return;
  const line = [...g.opening, ...g.moves];
  replay.ply = Math.max(0, Math.min(replay.ply, line.length));
  const ply = replay.ply;
  let view = replay.cache.get(ply);
  if (!view) {
    try {
      view = await api('/api/state', { game: g.game, moves: line.slice(0, ply) });
    } catch (e) {
      showError(e);
      return;
    }
    replay.cache.set(ply, view);
  }
  if (ply !== replay.ply || g !== replay.game) return;
  const last = ply > 0 ? line[ply - 1] : null;
  let arrows = [];
  let firstMover;
  if (last !== null) {
    const before = replay.cache.get(ply - 1);
    const move = before && before.moves.find((m) => m.move === last);
    // The last move's arrow in its mover's colour, not the colour of the player to move now.
    if (move) [arrows, firstMover] = [[move], before.to_move];
  }
  drawBoard($('replay-board'), view, { arrows, firstMover });
  drawCaption($('replay-caption'), view);
  const result = g.winner !== null ? `player ${g.winner} wins`
    : g.faulted != null ? `player ${g.faulted} is out, the others share the win` : 'a draw';
  const end = ply === line.length ? `: ${result} (${g.reason})` : '';
  $('replay-label').textContent = `ply ${ply} of ${line.length}${last ? `, after ${last}` : ''}${end}`;
  $('replay-status').textContent = g.players.map((p, i) => `${p} (player ${i})`).join(' against ');
  if (ply > 0 && !replay.cache.has(ply - 1)) {
    api('/api/state', { game: g.game, moves: line.slice(0, ply - 1) }).then((v) => replay.cache.set(ply - 1, v)).catch(() => {});
  }
}

function replayStep(to) {
  if (!replay.game) return;
  replay.ply = to;
  showReplay();
}

// ---------------------------------------------------------------------------------------
// Start-up and keys

function showScreen(name) {
  for (const tab of document.querySelectorAll('nav button')) tab.setAttribute('aria-selected', String(tab.dataset.screen === name));
  for (const screen of document.querySelectorAll('.screen')) screen.hidden = screen.id !== name;
  if (name === 'replay') loadRecordFiles();
}

function currentScreen() {
  return [...document.querySelectorAll('.screen')].find((s) => !s.hidden).id;
}

document.addEventListener('keydown', (e) => {
  if (['INPUT', 'SELECT', 'TEXTAREA'].includes(document.activeElement.tagName)) return;
  const screen = currentScreen();
  if (e.key === 'Escape') presentation(false);
  if (screen === 'teach') {
    if (e.key === 'p') presentation(!document.body.classList.contains('presenting'));
    const total = teach.merged.length;
    const to = { ArrowRight: teach.step + 1, ArrowLeft: teach.step - 1, Home: 0, End: total - 1 }[e.key];
    if (to !== undefined) { e.preventDefault(); stopAutoplay(); stepTo(to); }
    if (e.key === ' ' && document.activeElement.tagName !== 'BUTTON') { e.preventDefault(); toggleAutoplay(); }
  } else if (screen === 'replay' && replay.game) {
    const total = replay.game.opening.length + replay.game.moves.length;
    const to = { ArrowRight: replay.ply + 1, ArrowLeft: replay.ply - 1, Home: 0, End: total }[e.key];
    if (to !== undefined) { e.preventDefault(); replayStep(to); }
  } else if (screen === 'play') {
    if (e.key === 'u') undo();
    if (e.key === 'r') redo();
    if (e.key === 'p') presentation(!document.body.classList.contains('presenting'));
  }
});

/** Presentation mode, for a projector: the Play screen's board alone, as large as the screen
 * (the side panels and the list of legal moves hidden), and the Teach screen without its form. */
function presentation(on) {
  document.body.classList.toggle('presenting', on);
  $('present').setAttribute('aria-pressed', String(on));
}

/** Class mode: a link such as `?screen=teach&game=tree(shape=...)&algorithm=alphabeta&step=7&present=1`
 * opens that example at that step (the Teach screen's "link to this step" makes one). */
function openClassLink() {
  const query = new URLSearchParams(location.search);
  if (query.get('screen') !== 'teach' || !query.get('game')) return;
  $('trace-game').value = query.get('game');
  if (query.get('algorithm')) $('trace-algorithm').value = query.get('algorithm');
  $('trace-depth').value = query.get('depth') || '';
  for (const [id, key] of [['trace-iterative', 'iterative'], ['trace-test-root', 'test_root'], ['trace-strict', 'strict'], ['trace-compare', 'compare']]) {
    $(id).checked = query.get(key) === '1';
  }
  // The example list shows the example opened, or that it is one of the teacher's own.
  const preset = TRACE_PRESETS.findIndex((p) => p.game === query.get('game') && p.algorithm === query.get('algorithm'));
  const presets = $('trace-preset');
  if (preset < 0 && ![...presets.options].some((o) => o.value === 'own')) presets.prepend(el('option', { value: 'own' }, 'an example of your own'));
  presets.value = preset < 0 ? 'own' : String(preset);
  showScreen('teach');
  if (query.get('present') === '1') presentation(true);
  runTrace(Math.max(0, Number(query.get('step') || 1) - 1));
}

async function start() {
  for (const tab of document.querySelectorAll('nav button')) tab.addEventListener('click', () => showScreen(tab.dataset.screen));
  $('present').addEventListener('click', () => presentation(!document.body.classList.contains('presenting')));
  try {
    catalog = await api('/api/games');
    const status = await api('/api/status');
    $('server-status').textContent = `agents think up to ${status.max_time_ms / 1000} s a move`;
    $('server-status').title = `This server runs at most ${status.max_searches} searches at a time, each for at most ${status.max_time_ms / 1000} s.`;
  } catch (e) {
    showError(e);
    return;
  }
  const variant = $('variant');
  variant.append(el('option', { value: '', disabled: '' }, 'a spec of your own (below)'));
  for (const v of catalog.variants) variant.append(el('option', { value: v.spec }, v.label));
  // Choosing a game starts it.
  variant.addEventListener('change', () => { $('game-spec').value = variant.value; buildKeyForm(); suitAgentsToGame(); newGame(); });
  $('game-spec').value = catalog.variants[0].spec;
  $('game-spec').addEventListener('change', () => { buildKeyForm(); suitAgentsToGame(); seatsForSpec(); });
  buildKeyForm();
  for (const a of ['human', ...catalog.agent_choices]) $('agent-choices').append(el('option', { value: a }));
  $('new-game').addEventListener('click', newGame);
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('save-record').addEventListener('click', saveRecord);
  $('load-position').addEventListener('click', loadPosition);
  $('copy-position').addEventListener('click', copyPosition);
  $('analyse').addEventListener('click', () => { if (play.view && !play.view.terminal) startLive($('analyse-agent').value.trim(), false); });
  $('stop').addEventListener('click', () => stopLive(true));
  $('roll').addEventListener('click', () => rollDice());
  $('auto-roll').addEventListener('change', (e) => {
    play.autoRoll = e.target.checked;
    if (play.autoRoll && play.view && play.view.chance_node) rollDice();
    else renderPlay();
  });
  window.addEventListener('pagehide', () => stopLive(false));

  const presets = $('trace-preset');
  TRACE_PRESETS.forEach((p, i) => presets.append(el('option', { value: i }, p.label)));
  presets.addEventListener('change', () => { if (TRACE_PRESETS[presets.value]) applyPreset(TRACE_PRESETS[presets.value]); });
  applyPreset(TRACE_PRESETS[0]);
  $('trace-run').addEventListener('click', () => runTrace(0));
  $('step-first').addEventListener('click', () => { stopAutoplay(); stepTo(0); });
  $('step-back').addEventListener('click', () => { stopAutoplay(); stepTo(teach.step - 1); });
  $('step-next').addEventListener('click', () => { stopAutoplay(); stepTo(teach.step + 1); });
  $('step-last').addEventListener('click', () => { stopAutoplay(); stepTo(Number.MAX_SAFE_INTEGER); });
  $('step-play').addEventListener('click', toggleAutoplay);

  $('record-upload').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (file) openRecords(api('/api/records/upload', await file.text()));
  });
  $('replay-first').addEventListener('click', () => replayStep(0));
  $('replay-back').addEventListener('click', () => replayStep(replay.ply - 1));
  $('replay-next').addEventListener('click', () => replayStep(replay.ply + 1));
  $('replay-last').addEventListener('click', () => replayStep(Number.MAX_SAFE_INTEGER));

  newGame();
  openClassLink();
}

start();
