import {el, api} from '/static/common.js';
import {drawGame} from '/static/felt.js';

// Everything drawn here comes from the node: the verdict, and each step's view (an observer's, or one seat's as far as
// the node may show it) as the game's rules made it.
let replay = null;
let at = 0;
let source = null; // what was opened: {file: name} or {text: the dropped file's text}, asked again for another view

function show(result, keepStep) {
  replay = result;
  at = keepStep && result.frames.length ? Math.min(at, result.frames.length - 1) : 0;
  const badge = document.getElementById('verdict');
  badge.hidden = false;
  badge.textContent = result.verified ? 'VERIFIED' : 'FAILED';
  badge.className = 'badge ' + (result.verified ? 'ok' : 'bad');
  document.getElementById('line').textContent = result.line + (result.unsupported ? ' ' + result.unsupported : '');
  const player = document.getElementById('player');
  player.hidden = !result.frames.length;
  player.dataset.perspective = result.perspective || '';
  const choice = document.getElementById('perspective');
  const offered = result.perspectives || [];
  choice.replaceChildren(...offered.map(p => el('option', {value: p.id}, p.label)));
  choice.value = result.perspective || 'observer';
  document.getElementById('perspective-row').hidden = !offered.length;
  if (result.frames.length) draw();
}

function draw() {
  const frame = replay.frames[at];
  const last = replay.frames.length - 1;
  document.getElementById('position').textContent = at === 0 ? 'Start: the deal, before move 1 of ' + last
    : 'Move ' + at + ' of ' + last + (at === last ? ' (the end)' : '');
  document.getElementById('move').textContent = at === 0 ? replay.game + ': ' + replay.names.join(', ')
    : frame.sender + ' (seat ' + frame.seat + ') · ' + frame.type + (frame.step ? ' · step ' + frame.step : '') + ': '
      + frame.move
      + (frame.deckMessages ? ' · then ' + frame.deckMessages + ' deck message' + (frame.deckMessages === 1 ? '' : 's') : '');
  document.getElementById('first').disabled = document.getElementById('back').disabled = at === 0;
  document.getElementById('forward').disabled = document.getElementById('last').disabled = at === last;
  // An observer's view (seat -1) or one seat's; never a move to offer.
  const s = Object.assign({seat: replay.seat, moves: [], finished: at === last, awaiting: null, names: replay.names},
    frame.view);
  const felt = document.getElementById('felt');
  felt.replaceChildren(drawGame(s, () => {}, draw));
  document.getElementById('text').textContent = s.text.join('\n');
}

function go(to) {
  if (!replay || !replay.frames.length) return;
  at = Math.max(0, Math.min(replay.frames.length - 1, to));
  draw();
}

function failed(err) {
  return {verified: false, line: err.message, frames: []};
}

async function open(from, perspective, keepStep) {
  source = from;
  const query = '?perspective=' + encodeURIComponent(perspective || 'observer');
  const answer = from.file ? api('/api/replay/files/' + encodeURIComponent(from.file) + query)
    : from.mail ? api('/api/replay/mail/' + encodeURIComponent(from.mail) + query)
    : from.seen ? api('/api/replay/seen' + query, {transcript: from.text, seen: from.seen})
    : api('/api/replay' + query, from.text);
  show(await answer.catch(failed), keepStep);
}

/** A transcript, or a transcript and its NAME.jsonl.seen record (your own cards, for "as I saw it"), dropped together. */
async function dropped(files) {
  const all = [...files];
  const record = all.find(f => f.name.endsWith('.seen'));
  const transcript = all.find(f => f !== record) || record;
  await open(record && transcript !== record ? {text: await transcript.text(), seen: await record.text()}
    : {text: await transcript.text()});
}

async function own(value) {
  // A game by mail is listed as "mail:NAME", a transcript of this node's tables by its file name.
  await open(value.startsWith('mail:') ? {mail: value.slice(5)} : {file: value});
}

async function listOwn() {
  const files = await api('/api/replay/files').catch(() => []);
  const select = document.getElementById('own');
  select.replaceChildren(...(files.length ? files.map(f => el('option', {value: f.mail ? 'mail:' + f.mail : f.name},
    f.name))
    : [el('option', {value: ''}, 'none yet')]));
  document.getElementById('open-own').disabled = !files.length;
}

document.getElementById('perspective').onchange = (e) => { if (source) open(source, e.target.value, true); };
document.getElementById('first').onclick = () => go(0);
document.getElementById('back').onclick = () => go(at - 1);
document.getElementById('forward').onclick = () => go(at + 1);
document.getElementById('last').onclick = () => go(Infinity);
document.getElementById('open-own').onclick = () => { const v = document.getElementById('own').value; if (v) own(v); };
document.addEventListener('keydown', (e) => {
  if (e.target.tagName === 'INPUT' || e.target.tagName === 'SELECT' || e.ctrlKey || e.metaKey || e.altKey) return;
  const to = {ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: Infinity}[e.key];
  if (to !== undefined && replay) { go(to); e.preventDefault(); }
});
const drop = document.getElementById('drop');
document.getElementById('file').addEventListener('change', (e) => { if (e.target.files.length) dropped(e.target.files); });
drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
drop.addEventListener('dragleave', () => drop.classList.remove('over'));
drop.addEventListener('drop', (e) => {
  e.preventDefault();
  drop.classList.remove('over');
  if (e.dataTransfer.files.length) dropped(e.dataTransfer.files);
});

listOwn();
const named = new URLSearchParams(location.search).get('file');
if (named) own(named);
