import {el} from '/static/common.js';
import {drawGame} from '/static/felt.js';
import {buttons} from '/static/moves.js';
import {network, waiting} from '/static/network.js';

const id = new URLSearchParams(location.search).get('id');
let socket;
let state = null;
let clockTimer = null;

function connect() {
  socket = new WebSocket('ws://' + location.host + '/ws/tables/' + encodeURIComponent(id));
  socket.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    if (msg.type === 'error') {
      document.getElementById('error').textContent = msg.message;
    } else if (msg.type === 'state') {
      document.getElementById('error').textContent = '';
      state = msg;
      state.receivedAt = Date.now();
      render();
    }
  };
  socket.onclose = () => {
    if (!state || !state.finished) document.getElementById('status').textContent = 'Disconnected from your node.';
  };
}

function send(message) {
  document.getElementById('error').textContent = '';
  socket.send(JSON.stringify(message));
}

function showStatus() {
  const s = state;
  const you = s.seat >= 0 ? s.names[s.seat] : null;
  let status;
  // Why a game stopped early (refused, a silent or cheating peer) is the first thing the person must read.
  if (s.finished && s.problem) status = s.problem.endsWith('.') ? s.problem : s.problem + '.';
  else if (s.finished) status = 'Game over' + (s.outcome ? ': ' + s.outcome : '') + '.';
  else if (s.yourMove) status = 'Your move, ' + you + '.';
  else status = s.network ? waiting(s) : 'Awaiting ' + s.awaiting + '.';
  document.getElementById('status').textContent = status + ' Round ' + s.round + ', step ' + s.step + '.';
}

/**
 * While the round's deck is set up, how far: every seat publishes its key, then shuffles, in seat order. The node
 * sends the deck's own count of seats done (never a timer), after every message it takes.
 */
function showDeckSetup(s) {
  const box = document.getElementById('deck-setup');
  const d = s.deck;
  box.hidden = !d || s.finished;
  if (box.hidden) return;
  const shuffling = d.stage === 'shuffle';
  const words = (shuffling ? 'Shuffle ' : 'Key ') + (d.done + 1) + ' of ' + d.of + ': ' + d.awaited
    + (shuffling ? ' shuffles the deck' : ' publishes its key');
  document.getElementById('deck-label').textContent = words;
  const bar = document.getElementById('deck-progress');
  bar.max = d.of;
  bar.value = d.done;
  bar.dataset.stage = d.stage;
  bar.setAttribute('aria-valuetext', d.done + ' of ' + d.of + (shuffling ? ' shuffles done' : ' keys published'));
}

function render() {
  const s = state;
  showStatus();
  showDeckSetup(s);
  if (s.network) network(s, send, showStatus);
  const badge = document.getElementById('verdict');
  if (s.verdict || s.problem) {
    badge.hidden = false;
    const ok = s.verdict && s.verdict.verified && !s.problem;
    // No audit ran when the session stopped before the game could (a refused guest, a silent peer): say so, not FAILED.
    const stopped = !s.verdict;
    badge.textContent = ok ? 'VERIFIED' : stopped ? 'STOPPED' : 'FAILED';
    badge.className = 'badge ' + (ok ? 'ok' : 'bad');
    badge.title = s.problem || s.verdict.line;
    badge.setAttribute('aria-label', (ok ? 'Audit verified: ' : stopped ? 'Stopped: ' : 'Audit failed: ')
      + badge.title);
  }
  const download = document.getElementById('download');
  if (s.verdict) {
    download.hidden = false;
    download.href = '/api/tables/' + encodeURIComponent(id) + '/transcript';
    download.setAttribute('download', '');
  }
  const felt = document.getElementById('felt');
  felt.replaceChildren(drawGame(s, send, render));
  buttons(s, send);
  clock(s);
  // The boards are played by their squares (Tab and Enter); the card tables' keys do not apply there.
  document.querySelector('.keys').hidden = !!(s.chess || s.mahjong);
  const history = document.getElementById('history');
  const atEnd = history.scrollTop + history.clientHeight >= history.scrollHeight - 4;
  history.replaceChildren(...s.history.map(line => el('li', {class: line.startsWith('Round') ? 'round' : ''}, line.trim())));
  if (atEnd) history.scrollTop = history.scrollHeight;
  document.getElementById('text').textContent = s.text.join('\n');
}

function clock(s) {
  const box = document.getElementById('clock');
  clearInterval(clockTimer);
  if (!s.clock) { box.hidden = true; return; }
  box.hidden = false;
  const end = Date.now() + s.clock.remainingMillis;
  const tick = () => {
    const left = Math.max(0, end - Date.now());
    document.getElementById('clock-bar').style.width = (100 * left / (s.clock.seconds * 1000)) + '%';
    document.getElementById('clock-text').textContent = Math.ceil(left / 1000) + ' s left; then the bot decides for you';
  };
  tick();
  clockTimer = setInterval(tick, 250);
}

document.addEventListener('keydown', (e) => {
  if (!state || !state.yourMove || e.target.tagName === 'INPUT' || e.ctrlKey || e.metaKey || e.altKey) return;
  const byKind = (kind) => state.moves.find(m => m.kind === kind);
  let move;
  if (/^[1-9]$/.test(e.key)) {
    const b = document.querySelector('[data-key="' + e.key + '"]');
    if (b) { b.click(); e.preventDefault(); }
    return;
  }
  if (e.key === 'f') move = byKind('fold');
  if (e.key === 'c') move = byKind('check') || byKind('call');
  if (e.key === 'r') { const r = document.getElementById('raise-amount'); if (r) { r.focus(); e.preventDefault(); } return; }
  if (move) { send({move: move.index}); e.preventDefault(); }
});

if (!id) document.getElementById('status').textContent = 'No table named: go back home.';
else connect();
