// A table or an allocation with another person's node: the invitation to send, "accept bob?", and what the connection does.
import {copy, el} from '/static/common.js';

let ticking = null;

/** "Waiting for bob's move (12 s)." counted from when the table began to await it. */
export function waiting(s) {
  const n = s.network;
  const seconds = Math.floor((n.awaitingMillis + Date.now() - s.receivedAt) / 1000);
  let who = s.awaiting;
  if (n.question) who = 'your answer: accept or refuse the player';
  else if (!n.joined && n.role === 'host') who = 'a player to join by your invitation';
  else if (!n.joined) who = 'the host to let you in';
  return 'Waiting for ' + who + ' (' + seconds + ' s).';
}

/**
 * Fills the page's empty network box (#network) once, the same on every page that plays with another node; its
 * {@code data-invitee} names whom the invitation goes to.
 */
function build(box) {
  if (box.childElementCount) return;
  box.append(
    el('div', {id: 'invite-box', hidden: true},
      el('p', {id: 'invite-hint'}),
      el('p', {class: 'invitation'}, el('code', {id: 'invitation'}), ' ',
        el('button', {id: 'copy-invitation', type: 'button'}, 'Copy')),
      el('ul', {id: 'invitations', class: 'invitations', hidden: true})),
    el('div', {id: 'question-box', class: 'question', role: 'alertdialog', 'aria-labelledby': 'question', hidden: true},
      el('p', {id: 'question'}),
      el('button', {id: 'accept', type: 'button'}, 'Accept'), ' ', el('button', {id: 'refuse', type: 'button'}, 'Refuse'),
      el('p', {class: 'hint'}, 'Compare the fingerprint with the one they read out to you.')),
    el('p', {id: 'notice', class: 'notice', role: 'status', 'aria-live': 'assertive'}));
}

/** Shows the network's part of the snapshot; {@code again} redraws the status each second while the table waits. */
export function network(s, send, again) {
  const n = s.network;
  const box = document.getElementById('network');
  build(box);
  const invite = document.getElementById('invite-box');
  invite.hidden = !n.invitation || n.joined;
  box.hidden = invite.hidden && !n.question && !n.notice;
  const perSeat = n.invitations || [];
  const single = invite.querySelector('.invitation');
  const list = document.getElementById('invitations');
  single.hidden = perSeat.length > 1;
  list.hidden = perSeat.length <= 1;
  document.getElementById('invite-hint').textContent = perSeat.length > 1
    ? 'Send each seat\'s invitation to the person who is to sit there, by a channel they trust to come from you:'
    : 'Send this invitation to ' + (box.dataset.invitee || 'the person you play with')
      + ', by a channel they trust to come from you:';
  if (perSeat.length > 1) {
    // A table of more than two: one invitation for each seat, each sent to its own player.
    list.replaceChildren(...perSeat.map(i => el('li', {}, 'Seat ' + i.seat + ': ',
      el('code', {class: 'seat-invitation', 'data-seat': i.seat}, i.invitation), ' ',
      el('button', {type: 'button', onclick: (e) => copy(i.invitation, e.target)}, 'Copy'))));
  } else if (n.invitation) {
    document.getElementById('invitation').textContent = n.invitation;
    document.getElementById('copy-invitation').onclick = (e) => copy(n.invitation, e.target);
  }
  const question = document.getElementById('question-box');
  question.hidden = !n.question;
  if (n.question) {
    document.getElementById('question').textContent = n.question.replace(/^accept/, 'Accept');
    document.getElementById('accept').onclick = () => send({accept: true});
    document.getElementById('refuse').onclick = () => send({accept: false});
  }
  document.getElementById('notice').textContent = n.notice || '';
  clearInterval(ticking);
  if (!s.finished && !s.yourMove) ticking = setInterval(again, 1000);
}
