// The card tables and the line of dominoes, drawn from what the node sends: the table page's live seat view and
// the replay page's observer views share them.
import {el, cardEl, tileEl} from '/static/common.js';

// ---- Poker: seats with names, stacks, bets and markers; the board and the pot; own cards face up.

export function poker(s) {
  const p = s.poker;
  const seats = p.seats.map((seat, i) => {
    const markers = [];
    if (p.button === i) markers.push(el('span', {class: 'marker dealer', title: 'dealer', 'aria-label': 'dealer'}, 'D'));
    if (p.smallBlind === i) markers.push(el('span', {class: 'marker blind', title: 'small blind', 'aria-label': 'small blind'}, 'SB'));
    if (p.bigBlind === i) markers.push(el('span', {class: 'marker blind', title: 'big blind', 'aria-label': 'big blind'}, 'BB'));
    const cls = ['seat'];
    if (i === s.seat) cls.push('you');
    if (seat.folded) cls.push('folded');
    if (s.awaiting && s.awaiting.includes(seat.name) && !s.finished) cls.push('awaited');
    return el('div', {class: cls.join(' '), 'data-seat': i},
      el('div', {class: 'seat-head'}, el('span', {class: 'seat-name'}, seat.name + (i === s.seat ? ' (you)' : '')), ...markers),
      el('div', {class: 'seat-cards'}, ...seat.cards.map(cardEl)),
      el('div', {class: 'seat-money'}, el('span', {class: 'stack', 'aria-label': 'stack ' + seat.stack}, seat.stack),
        seat.bet > 0 ? el('span', {class: 'bet', 'aria-label': 'bet ' + seat.bet}, seat.bet) : null,
        seat.folded ? el('span', {class: 'hint'}, 'folded') : null));
  });
  const centre = el('div', {class: 'centre'},
    el('div', {class: 'board', 'aria-label': 'board'}, ...p.board.map(cardEl)),
    el('div', {class: 'pot'}, 'Pot ', el('strong', {id: 'pot'}, p.pot)),
    el('div', {class: 'hint'}, 'Hand ' + p.hand + ' of ' + p.hands));
  return el('div', {class: 'poker'}, el('div', {class: 'seats'}, ...seats.filter((_, i) => i !== s.seat)), centre,
    s.seat >= 0 ? el('div', {class: 'seats mine'}, seats[s.seat]) : null);
}

// ---- Dominoes: the line of play, the boneyard, the scores, own tiles with the playable ones highlighted.

export function dominoes(s, send) {
  const d = s.dominoes;
  const playable = new Map();
  for (const m of s.moves) if (m.kind === 'play') {
    if (!playable.has(m.position)) playable.set(m.position, []);
    playable.get(m.position).push(m);
  }
  const scores = el('ul', {class: 'scores'}, ...d.hands.map((h, i) =>
    el('li', {class: i === d.current && !s.finished ? 'awaited' : ''}, h.name + (i === s.seat ? ' (you)' : '') + ': '
      + d.scores[i] + ' points, ' + h.tiles.length + ' tiles')));
  const line = el('div', {class: 'line', 'aria-label': 'line of play'},
    ...(d.line.length ? d.line.map(t => tileEl(t, {class: 'tile lying' + (t[0] === t[1] ? ' double' : '')}))
      : [el('span', {class: 'hint'}, 'The line is empty.')]));
  const mine = s.seat >= 0 ? d.hands[s.seat] : null;
  const hand = el('div', {class: 'hand', 'aria-label': 'your tiles'});
  if (mine) mine.tiles.forEach((t, k) => {
    const position = mine.positions[k];
    const moves = playable.get(position) || [];
    const tile = tileEl(t);
    if (!moves.length) { hand.append(el('span', {class: 'slot'}, tile)); return; }
    tile.classList.add('playable');
    const ends = moves.map(m => el('button', {type: 'button', class: 'end', 'data-move': m.index,
      onclick: () => send({move: m.index}), 'aria-label': m.label}, m.end === 'left' ? '◀ left' : 'right ▶'));
    hand.append(el('span', {class: 'slot'}, tile, el('span', {class: 'ends'}, ...ends)));
  });
  return el('div', {class: 'dominoes'},
    el('div', {class: 'dom-head'}, el('span', {}, 'Round ' + d.round + ' · to ' + d.target + ' points'),
      d.boneyard !== undefined ? el('span', {id: 'boneyard'}, 'Boneyard: ' + d.boneyard) : null),
    scores, line, mine ? el('h3', {}, 'Your tiles') : null, hand);
}
