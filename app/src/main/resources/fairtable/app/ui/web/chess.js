// Dark chess on the table page: the board from the player's side, fog on every square the node says is unseen,
// the legal targets of the piece chosen (the node's list; no rule is computed here), the promotion choice,
// the notices of what the player learned, resign and the draw offer.
import {el} from '/static/common.js';
import {draggable} from '/static/drag.js';

const PIECES = {white: {king: '♔', queen: '♕', rook: '♖', bishop: '♗', knight: '♘', pawn: '♙'},
  black: {king: '♚', queen: '♛', rook: '♜', bishop: '♝', knight: '♞', pawn: '♟'}};
let selected = null;
let pending = null; // the promotion moves awaiting the player's choice of piece
let offerDraw = false;

/** Sends one of the listed moves, with the draw offer when the player ticked it. */
function play(move, send) {
  selected = null;
  pending = null;
  if (offerDraw) { offerDraw = false; send({words: move.label + ' draw'}); } else send({move: move.index});
}

/** A target square chosen (by click or drop): its one move is played, or a promotion asks for its piece. */
function choose(moves, send, rerender) {
  if (moves.length === 1) { play(moves[0], send); return; }
  pending = moves;
  rerender();
}

/** The board: rank 8 at the top for White, rank 1 at the top for Black. */
export function chess(s, send, rerender) {
  const c = s.chess;
  const byFrom = new Map();
  for (const m of s.moves) {
    if (!byFrom.has(m.from)) byFrom.set(m.from, []);
    byFrom.get(m.from).push(m);
  }
  if (selected && !byFrom.has(selected)) selected = null;
  if (!s.yourMove) pending = null;
  const targets = selected ? byFrom.get(selected) : [];
  const squares = c.you === 'black' ? [...c.squares].reverse() : c.squares;
  const side = c.you === 'black' ? 'Black' : 'White';
  const board = el('div', {class: 'board8', role: 'group', 'aria-label': 'your view of the board, ' + side + ' at the bottom'});
  for (const sq of squares) {
    const file = sq.square.charCodeAt(0) - 97, rank = Number(sq.square[1]);
    const cls = ['sq', (file + rank) % 2 === 0 ? 'light' : 'dark', sq.sight];
    let words = sq.square + ': ';
    let content = null;
    if (sq.sight === 'fog') words += 'fog, not visible';
    else if (sq.sight === 'occupancy') {
      words += sq.occupied ? 'something stands here, unseen' : 'empty, seen only as empty';
      if (sq.occupied) content = el('span', {class: 'occupied', 'aria-hidden': 'true'}, '?');
    } else if (sq.piece) {
      words += sq.piece.color + ' ' + sq.piece.type;
      content = el('span', {class: 'piece ' + sq.piece.color, 'aria-hidden': 'true'}, PIECES[sq.piece.color][sq.piece.type]);
    } else words += 'empty';
    const moving = byFrom.has(sq.square);
    const target = targets.filter(m => m.to === sq.square);
    if (moving) cls.push('movable');
    if (selected === sq.square) cls.push('selected');
    if (target.length) {
      cls.push('target');
      if (target[0].takes) cls.push('takes');
      words += target[0].enPassant ? ', a legal target: takes en passant' : target[0].takes ? ', a legal target: takes'
        : ', a legal target';
    } else if (moving) words += ', your piece with moves';
    const b = el('button', {type: 'button', class: cls.join(' '), 'data-square': sq.square, 'aria-label': words,
      disabled: !(moving || target.length) || !s.yourMove}, content);
    b.onclick = () => {
      if (target.length) { choose(target, send, rerender); return; }
      selected = selected === sq.square ? null : sq.square;
      pending = null;
      rerender();
      const again = document.querySelector('[data-square="' + sq.square + '"]');
      if (again) again.focus();
    };
    if (moving && s.yourMove) {
      draggable(b, sq.square, (from) => { selected = from; pending = null; rerender(); }, (to) => {
        const dropped = byFrom.get(sq.square).filter(m => m.to === to);
        if (dropped.length) { choose(dropped, send, rerender); return; }
        selected = null; // let go elsewhere: nothing is played
        rerender();
      });
    }
    board.append(b);
  }
  const notices = el('ul', {class: 'notices', id: 'notices', 'aria-live': 'polite'},
    ...(c.notices || []).map(n => el('li', {}, n)));
  return el('div', {class: 'chess'}, notices, board, el('p', {class: 'hint'}, c.caption || 'You play ' + side + '. Ply '
    + c.plies + '. Fog hides every square your pieces cannot see; “?” is a square seen only as occupied. Choose a piece,'
    + ' then a highlighted square, or drag it there (Tab and Enter work too).'));
}

/** The buttons beside the board: the promotion choice, the draw offer or its acceptance, and resign. */
export function chessControls(s, send, box) {
  if (!s.yourMove) return;
  if (pending) {
    box.append(el('span', {class: 'promote', role: 'group', 'aria-label': 'promote to'}, 'Promote to: ',
      ...pending.map(m => el('button', {type: 'button', class: 'move move-promote', 'data-promotion': m.promotion,
        onclick: () => play(m, send), 'aria-label': 'promote to a ' + m.promotion},
        PIECES[s.chess.you][m.promotion] + ' ' + m.promotion))));
  }
  if (s.chess.drawOffered) {
    box.append(el('button', {type: 'button', class: 'move move-accept-draw', id: 'accept-draw',
      onclick: () => send({words: 'accept draw'})}, 'Accept the draw'));
  }
  const tick = el('input', {type: 'checkbox', id: 'offer-draw', checked: offerDraw});
  tick.onchange = () => { offerDraw = tick.checked; };
  box.append(el('label', {class: 'typed'}, tick, 'offer a draw with my move'));
  box.append(el('button', {type: 'button', class: 'move move-resign', id: 'resign', onclick: () => {
    if (confirmResign()) send({words: 'resign'});
  }}, 'Resign'));
}

/** A second click confirms, rather than a browser dialog a test or a screen reader may not see. */
let resignArmed = 0;
function confirmResign() {
  const b = document.getElementById('resign');
  if (Date.now() - resignArmed < 5000) { resignArmed = 0; return true; }
  resignArmed = Date.now();
  b.textContent = 'Resign? Click again';
  return false;
}
