import {el, api} from '/static/common.js';

async function judge(file) {
  const text = await file.text();
  const result = await api('/api/audit', text).catch(err => ({verified: false, line: err.message, timeline: []}));
  const badge = document.getElementById('verdict');
  badge.hidden = false;
  badge.textContent = result.verified ? 'VERIFIED' : 'FAILED';
  badge.className = 'badge ' + (result.verified ? 'ok' : 'bad');
  document.getElementById('line').textContent = result.line;
  const items = result.timeline.map(m => {
    const fault = !result.verified && result.step !== undefined && m.step === result.step;
    return el('li', {class: (fault ? 'fault' : '') + (m.refused ? ' refused' : '')},
      '#' + m.seq + ' step ' + m.step + ' · seat ' + m.sender + ' · ' + m.type
      + (m.refused ? ' (refused)' : '') + (fault ? ' ← step ' + result.step + (result.party ? ', ' + result.party : '') + ': ' + result.reason : ''));
  });
  document.getElementById('timeline').replaceChildren(...items);
  const first = document.querySelector('.timeline .fault');
  if (first) first.scrollIntoView({block: 'center'});
}

const drop = document.getElementById('drop');
document.getElementById('file').addEventListener('change', (e) => { if (e.target.files[0]) judge(e.target.files[0]); });
drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
drop.addEventListener('dragleave', () => drop.classList.remove('over'));
drop.addEventListener('drop', (e) => {
  e.preventDefault();
  drop.classList.remove('over');
  if (e.dataTransfer.files[0]) judge(e.dataTransfer.files[0]);
});
