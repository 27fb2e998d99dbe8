// The card tables, the line of dominoes and the boards, drawn from what the node sends: the table page's live seat
// view, the mail page's and the replay page's views share them.
import {el, cardEl, cardWords, tileEl} from '/static/common.js';
import {chess} from '/static/chess.js';
import {mahjong} from '/static/mahjong.js';

/** The game's drawing of the view {@code s}; a game with none is drawn as its text view. */
export function drawGame(s, send, rerender) {
  if (s.poker) return poker(s);
  if (s.dominoes) return dominoes(s, send);
  if (s.gin) return gin(s, send);
  if (s.chess) return chess(s, send, rerender);
  if (s.mahjong) return mahjong(s, send, rerender);
  return el('pre', {class: 'plain'}, s.text.join('\n'));
}

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

// ---- Gin rummy: the other hand as backs (with the cards it took from the pile, which are public), the stock and the
// discard pile, own cards face up, each one that may be discarded a button; at the end, the melds the shown cards made.

export function gin(s, send) {
  const g = s.gin;
  const discards = new Map();
  for (const m of s.moves) if (m.ending === 'discard') discards.set(m.card.rank + m.card.suit, m);
  const seat = (i) => {
    const h = g.seats[i];
    const cards = h.cards.map(c => {
      const m = i === s.seat && c && discards.get(c.rank + c.suit);
      return m ? el('button', {type: 'button', class: 'card-button', 'data-move': m.index,
        'aria-label': 'discard the ' + cardWords(c), onclick: () => send({move: m.index})}, cardEl(c)) : cardEl(c);
    });
    const awaited = s.awaiting && s.awaiting.includes(h.name) && !s.finished;
    return el('div', {class: 'seat' + (i === s.seat ? ' you' : '') + (awaited ? ' awaited' : ''), 'data-seat': i},
      el('div', {class: 'seat-head'}, el('span', {class: 'seat-name'}, h.name + (i === s.seat ? ' (you)' : '')),
        g.dealer === i ? el('span', {class: 'marker dealer', title: 'dealer', 'aria-label': 'dealer'}, 'D') : null),
      el('div', {class: 'seat-cards gin-hand', 'aria-label': h.name + '\'s ' + h.cards.length + ' cards'}, ...cards),
      // The match's score before this hand: once the hand is scored, the status line gives the new one.
      el('div', {class: 'hint'}, h.cards.length + ' cards' + (g.result ? '' : ' · ' + g.scores[i] + ' points')));
  };
  const centre = el('div', {class: 'centre gin-piles'},
    el('div', {class: 'pile', id: 'stock'}, g.stock ? cardEl(null) : el('span', {class: 'card empty'}),
      el('span', {}, 'Stock: ' + g.stock)),
    el('div', {class: 'pile', id: 'discard'}, g.discard ? cardEl(g.discard) : el('span', {class: 'card empty'}),
      el('span', {}, 'Discard pile: ' + g.pile)),
    el('div', {class: 'hint'}, 'Hand ' + g.hand + ' (at most ' + g.hands + ') · game to ' + g.target));
  const others = [0, 1].filter(i => i !== s.seat);
  return el('div', {class: 'gin'}, el('div', {class: 'seats'}, ...others.map(seat)), centre,
    g.result ? melds(g) : null, s.seat >= 0 ? el('div', {class: 'seats mine'}, seat(s.seat)) : null,
    discards.size ? el('p', {class: 'hint'}, 'Click a card (or Tab to it and press Enter) to discard it.') : null);
}

/** How the hand ended: who knocked or went gin, who scores, and each seat's melds and deadwood as shown. */
function melds(g) {
  const r = g.result;
  const name = (i) => g.seats[i].name;
  const head = r.outcome === 'drawn' ? 'The hand is drawn: the stock ran down with no knock.'
    : name(r.knocker) + (r.outcome === 'gin' ? ' went gin' : ' knocked')
      + (r.outcome === 'undercut' ? ' and was undercut' : '') + ': ' + name(r.winner) + ' scores ' + r.points + '.';
  const group = (cls, words, cards) => el('span', {class: cls, role: 'group', 'aria-label': words}, ...cards.map(cardEl));
  return el('div', {class: 'showdown', id: 'showdown'}, el('p', {}, head),
    ...r.arrangements.map((a, i) => el('div', {class: 'laid', 'data-seat': i},
      el('span', {class: 'seat-name'}, name(i) + ':'), ...a.melds.map(m => group('meld', 'meld', m)),
      a.deadwood.length ? group('deadwood', 'deadwood', a.deadwood) : null,
      el('span', {class: 'hint'}, 'deadwood ' + a.points))),
    r.layOffs.length ? el('div', {class: 'laid'}, 'Laid off: ', ...r.layOffs.map(cardEl)) : null);
}
