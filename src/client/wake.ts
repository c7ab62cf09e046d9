/**
 * The one script a public page loads with it (a few hundred bytes). Every public page is whole
 * without scripts: its links, forms and menu work as plain HTML. So the application (React and the
 * page's code, most of a first load's bytes) is fetched only when a reader starts doing something
 * it improves: she enters a field (a form, the search box), or presses an element marked
 * `data-wake` (a video's poster, whose player then opens in place). A reader who only reads,
 * scrolls and follows links never downloads it. `site:wake` on the document wakes it too (for a
 * script of an operator's own that needs the application).
 *
 * Written without imports, so the build keeps it a file of its own.
 */
const FIELDS = 'input, textarea, select, [contenteditable]';
const entry = document.querySelector<HTMLScriptElement>('script[data-entry]')?.dataset.entry;

/** asleep → woken (the application on its way) → awake, or → plain again if it could not be fetched. */
let state: 'asleep' | 'woken' | 'awake' | 'plain' = 'asleep';
/** The marked element whose press woke the page: pressed again once the application has taken over. */
let pressed: HTMLElement | null = null;

function wake() {
  if (state !== 'asleep' || !entry) return;
  state = 'woken';
  document.removeEventListener('focusin', onFocus, true);
  document.removeEventListener('site:wake', wake);
  import(/* @vite-ignore */ entry).catch(() => {
    // Offline or filtered: the page stays as it is, and a marked element works as plain HTML again.
    state = 'plain';
    pressed = null;
  });
}

function onFocus(event: Event) {
  if (event.target instanceof Element && event.target.closest(FIELDS)) wake();
}

/** A plain click (no modifier key: those open a new tab, as a link says) on a marked element, before the application has taken over. */
function onPress(event: MouseEvent) {
  if (state === 'awake' || state === 'plain' || !entry) return;
  const marked = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-wake]') : null;
  if (!marked || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  pressed = marked;
  wake();
}

document.addEventListener('focusin', onFocus, true);
document.addEventListener('click', onPress, true);
document.addEventListener('site:wake', wake);
// Sent by the application once it has hydrated the page (src/client/app.tsx).
document.addEventListener('site:awake', () => {
  state = 'awake';
  const element = pressed;
  pressed = null;
  if (element?.isConnected) element.click();
});
// A field focused before this script ran (autofocus, or a reader quicker than the network).
if (document.activeElement?.closest(FIELDS)) wake();
