import {el, api, copy} from '/static/common.js';

let games = [];
let mailGames = [];

async function load() {
  const home = await api('/api/home');
  document.getElementById('name').textContent = home.name;
  document.getElementById('fingerprint').textContent = home.fingerprint;
  document.getElementById('copy').onclick = (e) => copy(home.fingerprint, e.target);
  const pinned = document.getElementById('pinned');
  pinned.replaceChildren(...(home.pinned.length ? home.pinned.map(p =>
    el('li', {}, el('strong', {}, p.name), ' ', el('code', {}, p.fingerprint)))
    : [el('li', {class: 'hint'}, 'Nobody yet: players are pinned when you first play them.')]));
  const tables = document.getElementById('tables');
  tables.replaceChildren(...(home.tables.length ? home.tables.map(t =>
    el('li', {}, el('a', {href: '/table?id=' + encodeURIComponent(t.id)}, t.game + ': ' + t.players.join(', ')),
      ' — ', el('span', {class: t.finished ? 'hint' : 'await'}, t.state),
      t.replay ? [' ', el('a', {href: '/replay?file=' + encodeURIComponent(t.replay), class: 'replay-link'}, 'replay')] : null))
    : [el('li', {class: 'hint'}, 'No game yet.')]),
    ...home.tableProblems.map(p => el('li', {class: 'error table-problem', role: 'alert'}, p)));
  document.getElementById('mail-root').textContent = home.mailRoot;
  document.getElementById('mail-games').replaceChildren(...(home.mail.length ? home.mail.map(g =>
    el('li', {'data-mail': g.name}, el('a', {href: '/mail?game=' + encodeURIComponent(g.name)}, g.name + ': '
      + (g.players.length ? g.players.join(' vs ') : g.protocol)),
      ' — ', el('span', {class: g.yourMove ? 'await' : 'hint'}, g.state)))
    : [el('li', {class: 'hint'}, home.mailProblem || 'No game by mail yet.')]));
  if (!mailGames.length) {
    mailGames = home.mailGames;
    const select = document.getElementById('mail-game');
    select.replaceChildren(...mailGames.map(g => el('option', {value: g.name}, g.name)));
    select.onchange = mailChosen;
    mailChosen();
  }
  if (!games.length) {
    games = home.games;
    const select = document.getElementById('game');
    select.replaceChildren(...games.map(g => el('option', {value: g.name}, g.name)));
    select.onchange = chosen;
    chosen();
  }
}

function chosen() {
  const g = games.find(x => x.name === document.getElementById('game').value);
  document.getElementById('game-summary').textContent = g.summary;
  const players = document.getElementById('players');
  players.min = g.minPlayers; players.max = g.maxPlayers;
  players.value = Math.max(g.minPlayers, Math.min(g.maxPlayers, Number(g.settings.players || g.minPlayers)));
  const fields = Object.entries(g.settings).filter(([k]) => k !== 'players');
  document.getElementById('settings').replaceChildren(el('legend', {}, 'Stakes and settings'),
    ...fields.map(([k, v]) => el('label', {}, k + ' ', el('input', {name: 'setting-' + k, value: v, 'data-setting': k}))));
  syncBots();
}

function mailChosen() {
  const g = mailGames.find(x => x.name === document.getElementById('mail-game').value);
  document.getElementById('mail-summary').textContent = g.summary;
  document.getElementById('mail-settings').replaceChildren(el('legend', {}, 'Settings'),
    ...Object.entries(g.settings).map(([k, v]) =>
      el('label', {}, k + ' ', el('input', {name: 'mail-' + k, value: v, 'data-mail-setting': k}))));
}

function syncBots() {
  const invite = document.getElementById('invite').checked;
  const players = document.getElementById('players');
  const bots = document.getElementById('bots');
  // Invited people take every seat but yours: no bots.
  bots.disabled = invite;
  if (invite) { bots.min = 0; bots.value = 0; return; }
  const n = Number(players.value);
  bots.min = n - 1; bots.max = n;
  if (Number(bots.value) < n - 1 || Number(bots.value) > n) bots.value = n - 1;
}

document.getElementById('players').addEventListener('input', syncBots);
document.getElementById('invite').addEventListener('change', syncBots);
document.getElementById('join-table').addEventListener('submit', async (e) => {
  e.preventDefault();
  try {
    const joined = await api('/api/join', {invitation: document.getElementById('invitation-text').value.trim()});
    // An allocation's invitation opens the allocation page; every other, the table's.
    location.href = joined.page || '/table?id=' + encodeURIComponent(joined.id);
  } catch (err) {
    document.getElementById('join-error').textContent = err.message;
  }
});
document.getElementById('new-table').addEventListener('submit', async (e) => {
  e.preventDefault();
  const settings = {};
  for (const input of document.querySelectorAll('[data-setting]')) settings[input.dataset.setting] = input.value;
  try {
    const made = await api('/api/tables', {
      game: document.getElementById('game').value,
      players: Number(document.getElementById('players').value),
      bots: Number(document.getElementById('bots').value), settings,
      invite: document.getElementById('invite').checked});
    location.href = '/table?id=' + encodeURIComponent(made.id);
  } catch (err) {
    document.getElementById('form-error').textContent = err.message;
  }
});

document.getElementById('new-mail').addEventListener('submit', async (e) => {
  e.preventDefault();
  const settings = {};
  for (const input of document.querySelectorAll('[data-mail-setting]')) settings[input.dataset.mailSetting] = input.value;
  try {
    const made = await api('/api/mail/new', {game: document.getElementById('mail-game').value, settings});
    location.href = '/mail?game=' + encodeURIComponent(made.name);
  } catch (err) {
    document.getElementById('mail-error').textContent = err.message;
  }
});
document.getElementById('join-mail').addEventListener('submit', async (e) => {
  e.preventDefault();
  try {
    const joined = await api('/api/mail/join', {text: document.getElementById('mail-text').value});
    location.href = '/mail?game=' + encodeURIComponent(joined.name);
  } catch (err) {
    document.getElementById('join-mail-error').textContent = err.message;
  }
});

load().catch(err => document.getElementById('form-error').textContent = err.message);
setInterval(() => load().catch(() => {}), 3000);
