// Dragging a piece or tile to a square, by mouse, pen or touch (pointer events, which touch screens send too; HTML5
// drag events do not come from a finger everywhere). A drag only names two squares: the board's own code decides
// what they mean, as it does for two clicks, so clicking and Tab and Enter work exactly as before.
import {el} from '/static/common.js';

/** How far (CSS pixels) a press travels before it is a drag rather than a click. */
const TRAVEL = 6;
let active = null; // the press under way: {from, x, y, pointer, source, start, drop, ghost}
let swallowClick = false;

/**
 * Lets the piece on {@code button} (the square {@code from}) be dragged: {@code start(from)} once the pointer has
 * travelled (the board shows that piece's targets), then {@code drop(square)} with the square it was let go on, or
 * null when let go off the board or when the browser took the gesture over (a scroll, a call).
 */
export function draggable(button, from, start, drop) {
  button.classList.add('draggable');
  button.addEventListener('pointerdown', (e) => {
    if (active || button.disabled || !e.isPrimary || e.button !== 0) return;
    active = {from, x: e.clientX, y: e.clientY, pointer: e.pointerId, source: button, start, drop, ghost: null};
  });
}

document.addEventListener('pointermove', (e) => {
  if (!active || e.pointerId !== active.pointer) return;
  if (!active.ghost) {
    if (Math.hypot(e.clientX - active.x, e.clientY - active.y) < TRAVEL) return;
    const box = active.source.getBoundingClientRect();
    const face = active.source.firstElementChild;
    active.ghost = el('div', {class: 'drag-ghost', 'aria-hidden': 'true'}, face ? face.cloneNode(true) : null);
    Object.assign(active.ghost.style, {width: box.width + 'px', height: box.height + 'px',
      fontSize: getComputedStyle(active.source).fontSize});
    document.body.append(active.ghost);
    document.body.classList.add('dragging');
    // Starting re-draws the board, replacing the pressed button: a finger's capture by it ends, and the rest of
    // the press is heard here, on the document.
    active.start(active.from);
  }
  active.ghost.style.left = e.clientX + 'px';
  active.ghost.style.top = e.clientY + 'px';
  e.preventDefault();
});

document.addEventListener('pointerup', (e) => finish(e, true));
document.addEventListener('pointercancel', (e) => finish(e, false));

function finish(e, letGo) {
  if (!active || e.pointerId !== active.pointer) return;
  const press = active;
  active = null;
  if (!press.ghost) return; // a press that never travelled: the click that follows it does the work
  press.ghost.remove();
  document.body.classList.remove('dragging');
  // The mouse's click that follows a drag (on the source or on a common parent) must not pick a square again.
  swallowClick = true;
  setTimeout(() => { swallowClick = false; }, 0);
  const under = letGo ? document.elementFromPoint(e.clientX, e.clientY) : null;
  const square = under && under.closest('[data-square]');
  press.drop(square ? square.dataset.square : null);
}

document.addEventListener('click', (e) => {
  if (!swallowClick) return;
  swallowClick = false;
  e.stopPropagation();
  e.preventDefault();
}, true);
