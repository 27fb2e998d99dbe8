// The allocation page: the form with K and X, then the person's own numbers, the CSV, the audit's verdict, and
// the counterpart's numbers only after the person asks to unblind them. Against another institution's node the page
// also shows the invitation to send, asks the host's person about the institution that joins, and offers the two
// halves of unblinding: publishing one's own claim, and checking the claim the other sent. Everything shown comes
// from the node.
import {copy, el, api} from '/static/common.js';
import {network} from '/static/network.js';

let id = null;
let timer = null;

function show(s) {
  document.getElementById('result').hidden = false;
  const done = s.finished;
  const n = s.network;
  document.getElementById('alloc-status').textContent = s.problem ? s.problem
    : done ? s.institution + ' obtained ' + s.numbers.length + ' of 1..' + s.items + '.'
    : n && !n.joined ? (n.question ? 'Waiting for your answer: accept or refuse the institution.'
      : n.role === 'host' ? 'Waiting for the other institution to join by your invitation.'
      : 'Waiting for the host to let you in.')
    : 'Drawing with ' + s.counterpart + ': step ' + s.step + ', awaiting ' + s.awaiting + '.';
  if (n) {
    network(Object.assign({}, s, {yourMove: true}), answer, () => {});
  } else {
    document.getElementById('network').hidden = true;
  }
  document.getElementById('alloc-progress').hidden = done;
  document.getElementById('mine').replaceChildren(...s.numbers.map(x => el('li', {}, String(x))));
  const csv = document.getElementById('csv');
  csv.hidden = !s.numbers.length;
  csv.href = '/api/allocations/' + id + '/csv';
  const badge = document.getElementById('verdict');
  badge.hidden = !s.verdict && !s.problem;
  if (s.verdict || s.problem) {
    const ok = s.verdict && s.verdict.verified && !s.problem;
    badge.textContent = ok ? 'VERIFIED' : 'FAILED';
    badge.className = 'badge ' + (ok ? 'ok' : 'bad');
    document.getElementById('verdict-line').textContent = s.problem || s.verdict.line;
  } else {
    document.getElementById('verdict-line').textContent = '';
  }
  // Against the bot, one button asks it for its claim; against a person, each side publishes its own if it will.
  document.getElementById('unblind').hidden = !!n || !s.verdict || !!s.unblinded;
  document.getElementById('claims').hidden = !n || !s.verdict;
  document.getElementById('check-form').hidden = !!s.unblinded;
  document.getElementById('publish').hidden = !!s.claim;
  document.getElementById('claim-box').hidden = !s.claim;
  if (s.claim) {
    document.getElementById('claim').value = s.claim;
    document.getElementById('copy-claim').onclick = (e) => copy(s.claim, e.target);
  }
  const box = document.getElementById('theirs-box');
  box.hidden = !s.unblinded;
  if (s.unblinded) {
    document.getElementById('theirs-title').textContent = s.unblinded.institution
      + '\u2019s numbers, from its claim checked against the transcript';
    document.getElementById('theirs').replaceChildren(...s.unblinded.numbers.map(x => el('li', {}, String(x))));
  }
  if (done) clearInterval(timer);
}

async function answer(body) {
  try { show(await api('/api/allocations/' + id + '/answer', body)); } catch (e) { error(e); }
}

function error(e) {
  document.getElementById('alloc-error').textContent = e.message;
}

async function poll() {
  try { show(await api('/api/allocations/' + id)); } catch (e) { error(e); }
}

/** Shows the allocation {@code made} and follows it; the address names it, so that a reload finds it again. */
function follow(made) {
  id = made;
  history.replaceState(null, '', '/allocate?id=' + encodeURIComponent(id));
  document.getElementById('alloc-new').hidden = true;
  document.getElementById('alloc-join-panel').hidden = true;
  document.getElementById('theirs-box').hidden = true;
  document.getElementById('verdict').hidden = true;
  document.getElementById('verdict-line').textContent = '';
  clearInterval(timer);
  timer = setInterval(poll, 400);
  poll();
}

document.getElementById('alloc-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  document.getElementById('alloc-error').textContent = '';
  try {
    const made = await api('/api/allocations', {items: Number(document.getElementById('items').value),
      each: Number(document.getElementById('each').value), name: document.getElementById('institution').value,
      invite: !e.submitter || e.submitter.id !== 'alloc-start'});
    follow(made.id);
  } catch (err) {
    error(err);
  }
});

document.getElementById('alloc-join-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  document.getElementById('alloc-join-error').textContent = '';
  try {
    const joined = await api('/api/allocations/join', {invitation: document.getElementById('alloc-invitation').value.trim(),
      name: document.getElementById('join-institution').value});
    follow(joined.id);
  } catch (err) {
    document.getElementById('alloc-join-error').textContent = err.message;
  }
});

document.getElementById('unblind').addEventListener('click', async () => {
  try { show(await api('/api/allocations/' + id + '/unblind', {})); } catch (e) { error(e); }
});

document.getElementById('publish').addEventListener('click', async () => {
  try { show(await api('/api/allocations/' + id + '/claim', {})); } catch (e) { error(e); }
});

document.getElementById('check-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  try {
    show(await api('/api/allocations/' + id + '/unblind', {claim: document.getElementById('their-claim').value}));
  } catch (err) {
    error(err);
  }
});

api('/api/home').then(home => {
  for (const input of ['institution', 'join-institution']) {
    const field = document.getElementById(input);
    if (!field.value) field.value = home.name;
  }
}).catch(error);
const named = new URLSearchParams(location.search).get('id');
if (named) follow(named);
