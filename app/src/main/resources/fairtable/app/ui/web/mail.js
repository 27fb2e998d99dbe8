// A game by correspondence: the text to send (with a copy button), a box for the text received, the game drawn from
// the seat's own view (the live tables' drawings), the legal moves, whose move it is, and the verdict at the end.
// Every step is one request to the node, which keeps the game in the same directory `fairtable mail` uses.
import {el, api, copy} from '/static/common.js';
import {drawGame} from '/static/felt.js';
import {buttons} from '/static/moves.js';

const name = new URLSearchParams(location.search).get('game');
const base = '/api/mail/games/' + encodeURIComponent(name || '');
let state = null;
let busy = false;

function other(s) {
  const names = s.names.filter((_, i) => i !== s.seat);
  return names.length ? names.join(', ') : 'the other player';
}

function render() {
  const s = state;
  document.body.dataset.messages = s.messages;
  document.getElementById('where').textContent = s.directory;
  let status;
  if (s.finished) status = 'Game over' + (s.outcome ? ': ' + s.outcome : '') + '.';
  else if (s.yourMove) status = 'Your move.';
  else if (s.names.length < 2) status = 'Waiting for the other player to answer your invitation.';
  else status = 'Awaiting ' + s.awaiting + '.';
  document.getElementById('status').textContent = status + ' ' + s.messages + (s.messages === 1 ? ' message' : ' messages') + ' so far.';
  const badge = document.getElementById('verdict');
  if (s.verdict) {
    badge.hidden = false;
    badge.textContent = s.verdict.verified ? 'VERIFIED' : 'FAILED';
    badge.className = 'badge ' + (s.verdict.verified ? 'ok' : 'bad');
    badge.title = s.verdict.line;
    badge.setAttribute('aria-label', (s.verdict.verified ? 'Audit verified: ' : 'Audit failed: ') + s.verdict.line);
    const download = document.getElementById('download');
    download.hidden = false;
    download.href = base + '/transcript';
    download.setAttribute('download', '');
  }
  const sendBox = document.getElementById('send-box');
  sendBox.hidden = !s.toSend;
  document.getElementById('send').value = s.toSend || '';
  document.getElementById('send-hint').textContent = s.messages === 1
    ? 'Your invitation: send it to the person you play with, by e-mail or chat; their page answers it.'
    : s.finished ? 'Send it to ' + other(s) + ' if they have not had it yet: their game ends with it.'
    : 'Send it to ' + other(s) + ' by e-mail or chat. It stays here until they answer: send it again if it was lost.';
  document.getElementById('paste-box').hidden = s.finished && !s.toSend;
  const felt = document.getElementById('felt');
  felt.replaceChildren(drawGame(s, send, render));
  buttons(s, send);
  document.getElementById('text').textContent = s.text.join('\n');
}

async function step(path, body) {
  if (busy) return;
  busy = true;
  document.getElementById('error').textContent = '';
  try {
    const next = await api(path, body);
    state = next;
    document.getElementById('notes').replaceChildren(...(next.notes || []).map(n => el('li', {}, n)));
    render();
    return true;
  } catch (err) {
    document.getElementById('error').textContent = err.message;
    return false;
  } finally {
    busy = false;
  }
}

function send(message) {
  step(base + '/move', message);
}

document.getElementById('copy-send').onclick = (e) => copy(document.getElementById('send').value, e.target);
document.getElementById('paste-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const box = document.getElementById('paste');
  const text = box.value.trim();
  if (!text) { document.getElementById('error').textContent = 'Paste the text you received first.'; return; }
  if (await step(base + '/receive', {text})) box.value = '';
});

if (!name) document.getElementById('status').textContent = 'No game named: go back home.';
else {
  api(base).then(s => { state = s; render(); })
    .catch(err => { document.getElementById('status').textContent = err.message; });
}
