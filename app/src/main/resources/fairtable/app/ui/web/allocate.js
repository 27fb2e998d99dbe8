// The allocation page: the form with K and X, then the person's own numbers, the CSV, the audit's verdict, and
// the counterpart's numbers only after the person asks to unblind them. Everything shown comes from the node.
import {el, api} from '/static/common.js';

let id = null;
let timer = null;

function show(s) {
  document.getElementById('result').hidden = false;
  const done = s.finished;
  document.getElementById('alloc-status').textContent = s.problem ? s.problem
    : done ? s.institution + ' obtained ' + s.numbers.length + ' of 1..' + s.items + '.'
    : 'Drawing: step ' + s.step + ', awaiting ' + s.awaiting + '.';
  document.getElementById('alloc-progress').hidden = done;
  document.getElementById('mine').replaceChildren(...s.numbers.map(n => el('li', {}, String(n))));
  const csv = document.getElementById('csv');
  csv.hidden = !s.numbers.length;
  csv.href = '/api/allocations/' + id + '/csv';
  const badge = document.getElementById('verdict');
  if (s.verdict || s.problem) {
    const ok = s.verdict && s.verdict.verified && !s.problem;
    badge.hidden = false;
    badge.textContent = ok ? 'VERIFIED' : 'FAILED';
    badge.className = 'badge ' + (ok ? 'ok' : 'bad');
    document.getElementById('verdict-line').textContent = s.problem || s.verdict.line;
  }
  document.getElementById('unblind').hidden = !s.verdict || !!s.unblinded;
  const box = document.getElementById('theirs-box');
  box.hidden = !s.unblinded;
  if (s.unblinded) document.getElementById('theirs').replaceChildren(...s.unblinded.numbers.map(n => el('li', {}, String(n))));
  if (done) clearInterval(timer);
}

async function poll() {
  try { show(await api('/api/allocations/' + id)); } catch (e) { document.getElementById('alloc-error').textContent = e.message; }
}

document.getElementById('alloc-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  document.getElementById('alloc-error').textContent = '';
  try {
    const made = await api('/api/allocations', {items: Number(document.getElementById('items').value),
      each: Number(document.getElementById('each').value)});
    id = made.id;
    document.getElementById('theirs-box').hidden = true;
    document.getElementById('verdict').hidden = true;
    document.getElementById('verdict-line').textContent = '';
    clearInterval(timer);
    timer = setInterval(poll, 400);
    poll();
  } catch (err) {
    document.getElementById('alloc-error').textContent = err.message;
  }
});

document.getElementById('unblind').addEventListener('click', async () => {
  try { show(await api('/api/allocations/' + id + '/unblind', {})); } catch (e) {
    document.getElementById('alloc-error').textContent = e.message;
  }
});
