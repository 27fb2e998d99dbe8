// Shared helpers of fairtable's pages: no framework, plain modules.

/** An element with attributes and children; strings become text nodes (never HTML). */
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

/** JSON from the node's API; the token travels in this port's cookie. */
export async function api(path, body) {
  const init = body === undefined ? {} : {
    method: 'POST', headers: {'Content-Type': 'application/json'},
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
  const r = await fetch(path, init);
  const data = await r.json().catch(() => ({error: r.status + ' ' + r.statusText}));
  if (!r.ok) throw new Error(data.error || r.statusText);
  return data;
}

const SUITS = {s: ['♠', 'spades', 'black'], h: ['♥', 'hearts', 'red'], d: ['♦', 'diamonds', 'red'],
  c: ['♣', 'clubs', 'black']};
const RANKS = {A: 'ace', K: 'king', Q: 'queen', J: 'jack', T: 'ten', 9: 'nine', 8: 'eight', 7: 'seven',
  6: 'six', 5: 'five', 4: 'four', 3: 'three', 2: 'two'};

/** A card's words ("queen of spades"), or its sign ("Q♠", "10♥") when {@code short}. */
export function cardWords(card, short = false) {
  const [symbol, suitName] = SUITS[card.suit];
  return short ? (card.rank === 'T' ? '10' : card.rank) + symbol : RANKS[card.rank] + ' of ' + suitName;
}

/** A playing card, face up ({rank, suit}) or face down (null), with its words for screen readers. */
export function cardEl(card) {
  if (!card) return el('span', {class: 'card back', role: 'img', 'aria-label': 'face-down card'});
  const [symbol, , colour] = SUITS[card.suit];
  const rank = card.rank === 'T' ? '10' : card.rank;
  return el('span', {class: 'card ' + colour, role: 'img', 'aria-label': cardWords(card), title: cardWords(card)},
    el('span', {class: 'rank', 'aria-hidden': 'true'}, rank),
    el('span', {class: 'suit', 'aria-hidden': 'true'}, symbol));
}

/** A domino tile [a, b] (null: face down), upright or lying in the line. */
export function tileEl(pips, extra = {}) {
  if (!pips) return el('span', {class: 'tile back', role: 'img', 'aria-label': 'face-down tile'});
  return el('span', Object.assign({class: 'tile', role: 'img', 'aria-label': 'tile ' + pips[0] + ' and ' + pips[1]},
    extra), half(pips[0]), half(pips[1]));
}

const PIP_SPOTS = {0: [], 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8]};

function half(n) {
  const h = el('span', {class: 'half', 'aria-hidden': 'true'});
  for (let i = 0; i < 9; i++) h.append(el('span', {class: PIP_SPOTS[n].includes(i) ? 'pip on' : 'pip'}));
  return h;
}

/** Copies text to the clipboard, or selects it where the page may not write there. */
export async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = 'Copied';
  } catch (e) {
    button.textContent = 'Select and copy by hand';
  }
  setTimeout(() => { button.textContent = 'Copy'; }, 2000);
}
