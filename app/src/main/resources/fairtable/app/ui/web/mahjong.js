// Mahjong Shogi on the table page: the 9x9 board from the player's side, own tiles by kind, the opponent's as
// backs, the battle log. Before play the player swaps tiles on their home ranks or takes a random placement; the
// node checks every arrangement and lists every legal move (no rule is computed here).
import {el} from '/static/common.js';
import {draggable} from '/static/drag.js';

let picked = null; // the square chosen first: a tile to move, or in the arrangement one side of a swap

function tileEl(t) {
  if (!t.mine && !t.revealed) return el('span', {class: 'mj-tile back', 'aria-hidden': 'true'}, '??');
  // The code (5p, Wh, E*) is drawn and the mahjong character is the tooltip: many machines have no CJK font.
  // A replay's whole board shows both players' tiles, opened at the game's end.
  return el('span', {class: 'mj-tile ' + (t.mine ? 'mine' : 'revealed side-' + t.side) + (t.king ? ' king' : '')
    + (t.kind >= 10 ? ' honour' : ''), 'aria-hidden': 'true', title: t.glyph + ' ' + t.words},
    el('span', {class: 'code'}, t.code + (t.king ? '*' : '')));
}

/** The other side: a replay's named opponent, the bot, or the person at the other node. */
function other(s, m) {
  if (m.opponent) return m.opponent;
  const name = s.names ? s.names[1 - s.seat] : undefined;
  return !name || name === 'bot' ? 'the bot' : name;
}

function words(sq, s, m) {
  if (!sq.tile) return sq.square + ': empty';
  if (sq.tile.revealed) return sq.square + ': ' + sq.tile.owner + '\'s ' + sq.tile.words;
  return sq.square + ': ' + (sq.tile.mine ? 'your ' + sq.tile.words : other(s, m) + '\'s hidden tile');
}

export function mahjong(s, send, rerender) {
  const m = s.mahjong;
  const arranging = m.phase !== 'play';
  const byFrom = new Map();
  for (const mv of s.moves) {
    if (!byFrom.has(mv.from)) byFrom.set(mv.from, []);
    byFrom.get(mv.from).push(mv);
  }
  if (!arranging && picked && !byFrom.has(picked)) picked = null;
  const targets = !arranging && picked ? byFrom.get(picked) : [];
  const board = el('div', {class: 'board9', role: 'group', 'aria-label': arranging
    ? 'arrange your tiles: choose two of your home squares to swap them'
    : 'the board, your side at the bottom'});
  for (const sq of m.squares) {
    const cls = ['mj-sq'];
    let label = words(sq, s, m);
    let enabled;
    let click;
    if (arranging) {
      if (sq.home) cls.push('home');
      enabled = !!sq.home && m.phase === 'arrange';
      if (picked === sq.square) cls.push('selected');
      click = () => {
        if (!picked) { picked = sq.square; rerender(); return; }
        const other = picked;
        picked = null;
        if (other === sq.square) { rerender(); return; }
        send({words: 'swap ' + other + ' ' + sq.square});
      };
    } else {
      const moving = byFrom.has(sq.square) && s.yourMove;
      const target = targets.find(t => t.to === sq.square);
      if (moving) { cls.push('movable'); label += ', can move'; }
      if (picked === sq.square) cls.push('selected');
      if (target) {
        cls.push('target');
        if (target.attack) { cls.push('attack'); label += ', a legal attack: a battle'; } else label += ', a legal move';
      }
      enabled = moving || !!target;
      click = () => {
        if (target) { picked = null; send({move: target.index}); return; }
        picked = picked === sq.square ? null : sq.square;
        rerender();
        const again = document.querySelector('[data-square="' + sq.square + '"]');
        if (again) again.focus();
      };
    }
    const b = el('button', {type: 'button', class: cls.join(' '), 'data-square': sq.square, 'aria-label': label,
      disabled: !enabled, onclick: click}, sq.tile ? tileEl(sq.tile) : null);
    // A tile dragged to a square: a move there (or, while arranging, a swap), as the second click would be.
    const drags = arranging ? enabled && !!sq.tile : byFrom.has(sq.square) && s.yourMove;
    if (drags) {
      draggable(b, sq.square, (from) => { picked = from; rerender(); }, (to) => {
        picked = null;
        const move = arranging ? null : byFrom.get(sq.square).find(t => t.to === to);
        if (move) send({move: move.index});
        else if (arranging && to && to !== sq.square && m.squares.some(q => q.square === to && q.home)) {
          send({words: 'swap ' + sq.square + ' ' + to});
        } else rerender();
      });
    }
    board.append(b);
  }
  const parts = [];
  if (arranging) {
    parts.push(el('p', {class: 'hint'}, 'Arrange your 25 tiles on your three home ranks: choose a square, then another,'
      + ' to swap them, or drag a tile onto another square (a tile may go to an empty home square). Or take a random'
      + ' placement. Then start.'));
  } else {
    parts.push(el('p', {class: 'hint'}, m.caption || 'Move ' + (m.moves + 1) + ' (drawn after ' + m.moveLimit + '). Your tiles: '
      + m.yourTiles + '; ' + other(s, m) + '\'s: ' + m.theirTiles + '. Choose a tile, then a highlighted square, or drag'
      + ' it there; a red square is an attack, decided by a battle: the higher kind wins (1p beats Rd), equal kinds both leave.'));
  }
  parts.push(board);
  if (!arranging) {
    parts.push(el('h3', {}, 'Battles'), el('ol', {id: 'battles', class: 'battles', 'aria-live': 'polite'},
      ...(m.battles.length ? m.battles.map(b => el('li', {}, b)) : [el('li', {class: 'hint'}, 'No battle yet.')])));
  }
  return el('div', {class: 'mahjong'}, ...parts);
}

export function mahjongControls(s, send, box) {
  if (s.finished) return;
  if (s.mahjong.phase !== 'play') {
    if (s.mahjong.phase !== 'arrange') return;
    box.append(el('button', {type: 'button', class: 'move', id: 'mj-random', onclick: () => { picked = null; send({words: 'random'}); }},
      'Random placement'),
    el('button', {type: 'button', class: 'move', id: 'mj-start', onclick: () => { picked = null; send({words: 'start'}); }},
      'Start with this arrangement'));
    return;
  }
  if (!s.yourMove) return;
  box.append(el('button', {type: 'button', class: 'move move-resign', id: 'resign', onclick: (e) => {
    if (e.target.dataset.armed) { send({words: 'resign'}); return; }
    e.target.dataset.armed = '1';
    e.target.textContent = 'Resign? Click again';
  }}, 'Resign'));
}
