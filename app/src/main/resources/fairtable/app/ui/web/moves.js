// The move controls the table page and the mail page share: only the legal moves the node listed, as buttons; a
// raise limited to its legal range; the cards to throw at a draw; the board games' own controls; words to type.
// A gin rummy discard is the card itself (felt.js); knock and gin are buttons naming the card they throw.
import {el, cardEl, cardWords} from '/static/common.js';
import {chessControls} from '/static/chess.js';
import {mahjongControls} from '/static/mahjong.js';

const GIN_WORDS = {takeupcard: 'take the upcard', pass: 'pass', drawstock: 'draw from the stock',
  takediscard: 'take the discard'};

export function buttons(s, send) {
  const box = document.getElementById('buttons');
  box.replaceChildren();
  if (s.mahjong) mahjongControls(s, send, box);
  if (!s.yourMove) return;
  let n = 0;
  const raise = s.poker && s.poker.raise;
  for (const m of s.moves) {
    if (m.kind === 'raiseto' && raise) continue; // drawn as the amount below
    if (m.kind === 'play' && s.dominoes) continue; // on the tiles themselves
    if (m.kind === 'draw' && s.poker) continue; // chosen on the cards below
    if (m.kind === 'chess' || m.kind === 'mahjong') continue; // on the board
    if (m.ending === 'discard') continue; // on the gin hand's cards
    n++;
    let label = m.label;
    if (m.kind === 'call' && s.poker) label = 'call ' + s.poker.toCall;
    if (s.gin) label = m.card ? m.ending + ', discarding ' + cardWords(m.card, true) : GIN_WORDS[m.kind] || label;
    box.append(el('button', {type: 'button', class: 'move move-' + m.kind, 'data-move': m.index, 'data-key': n <= 9 ? n : null,
      onclick: () => send({move: m.index})}, (n <= 9 ? n + '. ' : '') + label));
  }
  if (raise) {
    const amount = el('input', {id: 'raise-amount', type: 'number', min: raise.min, max: raise.max, step: 1, value: raise.min,
      'aria-label': raise.verb + ' to, from ' + raise.min + ' to ' + raise.max});
    const slider = el('input', {id: 'raise-slider', type: 'range', min: raise.min, max: raise.max, step: 1, value: raise.min,
      'aria-label': raise.verb + ' amount slider'});
    slider.oninput = () => { amount.value = slider.value; };
    amount.oninput = () => { slider.value = amount.value; };
    const go = el('button', {type: 'button', class: 'move move-raiseto', id: 'raise-button', onclick: () => {
      const v = Math.round(Number(amount.value));
      if (!(v >= raise.min && v <= raise.max)) {
        document.getElementById('error').textContent = 'The amount must be from ' + raise.min + ' to ' + raise.max + '.';
        return;
      }
      send({words: 'raise ' + v});
    }}, raise.verb + ' to');
    box.append(el('span', {class: 'raise'}, go, amount, slider,
      el('button', {type: 'button', class: 'move', onclick: () => send({words: 'all-in'})}, 'all-in ' + raise.max)));
  }
  const typed = el('input', {id: 'words', type: 'text', autocomplete: 'off', 'aria-label': 'type a move in words',
    placeholder: s.chess ? 'e2e4' : s.mahjong ? 'e3-e4' : 'type a move'});
  typed.addEventListener('keydown', (e) => { if (e.key === 'Enter' && typed.value.trim()) send({words: typed.value.trim()}); });
  box.append(el('label', {class: 'typed'}, 'or type: ', typed));
  if (s.chess) chessControls(s, send, box);
  if (s.poker && s.moves.some(m => m.kind === 'draw')) {
    const mine = s.poker.seats[s.seat].cards;
    const picks = mine.map((c, i) => el('label', {class: 'pick'}, el('input', {type: 'checkbox', value: i + 1}), cardEl(c)));
    box.append(el('div', {class: 'draw'}, el('span', {}, 'Throw 0 to 3: '), ...picks,
      el('button', {type: 'button', class: 'move move-draw', onclick: () => {
        const chosen = [...box.querySelectorAll('.pick input:checked')].map(i => i.value);
        send({words: 'draw ' + chosen.join(' ')});
      }}, 'Draw')));
  }
}

