// boomchess boards for any page: one <script type="module" src=".../embed.js"></script> mounts every
// element with a data-boomchess attribute (README.md, "Embedding", lists the attributes), and
// `mount(element, options)` mounts one from script; `unmount(element)` lets a board go (its
// listeners, animation and computer stop and are freed), and a board whose element leaves the
// document is unmounted by itself. The module loads the boards' WebAssembly once for all boards
// of the page (boomchess-board.js and its wasm, crates/board: the game without online play, which
// the game page's own module has), from beside this file (import.meta.url), so the files can be
// hosted on another origin (they need the CORS header `Access-Control-Allow-Origin`). The
// computer's Web Worker loads a module of its own (boomchess-worker-simd.js and its wasm, or
// boomchess-worker.js and its wasm in a browser without WebAssembly SIMD) from beside
// the glue, and only when a board first needs the computer.

import init, { mountBoard } from './boomchess-board.js';

/** The `data-` attributes read from a board's element (beside `data-boomchess`, the variant). */
const ATTRIBUTES = ['options', 'fen', 'moves', 'mode', 'side', 'level', 'size', 'orientation', 'select', 'theme'];

const STYLE = `
.boomchess-embed { display: inline-flex; flex-wrap: wrap; gap: 12px; align-items: flex-start;
  max-width: 100%; font: 14px/1.4 system-ui, sans-serif; color: #1f2328; text-align: left; }
.boomchess-embed [hidden] { display: none !important; }
.boomchess-embed .boomchess-board { display: block; height: auto; touch-action: none;
  border-radius: 4px; box-shadow: 0 1px 4px rgba(0, 0, 0, 0.25); }
.boomchess-embed .boomchess-board:focus-visible { outline: 3px solid #0969da; outline-offset: 2px; }
.boomchess-embed .boomchess-panel { display: flex; flex-direction: column; gap: 6px;
  min-width: 140px; max-width: 220px; }
.boomchess-embed .boomchess-status { margin: 0; font-weight: 600; }
.boomchess-embed .boomchess-sr-only { position: absolute; width: 1px; height: 1px; margin: -1px;
  padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.boomchess-embed .boomchess-result { margin: 0; padding: 6px 8px; border-radius: 4px;
  background: #fff8c5; border: 1px solid #d4a72c; }
.boomchess-embed .boomchess-result strong { margin-right: 0.4em; }
.boomchess-embed .boomchess-moves { margin: 0; padding-left: 2.2em; max-height: 220px; overflow: auto;
  font-variant-numeric: tabular-nums; }
.boomchess-embed .boomchess-moves:empty { display: none; }
.boomchess-embed .boomchess-moves span { display: inline-block; min-width: 4.2em; border-radius: 3px; }
.boomchess-embed .boomchess-moves[data-browsable] span[data-ply] { cursor: pointer; }
.boomchess-embed .boomchess-moves[data-browsable] span[data-ply]:hover { background: rgba(127, 127, 127, 0.25); }
.boomchess-embed .boomchess-moves span.current { background: #1f6feb; color: #fff; font-weight: 600; }
.boomchess-embed .boomchess-viewing { margin: 0; padding: 6px 8px; border-radius: 4px; background: #1f6feb;
  color: #fff; font-weight: 600; }
.boomchess-embed .boomchess-viewing button { display: block; margin-top: 4px; background: #fff; color: #174ea6;
  border-color: #fff; font-weight: 700; }
.boomchess-embed .boomchess-board[data-viewing] { box-shadow: 0 0 0 3px #1f6feb, 0 1px 4px rgba(0, 0, 0, 0.25); }
.boomchess-embed .boomchess-actions, .boomchess-embed .boomchess-nav { display: flex; gap: 6px; flex-wrap: wrap; }
.boomchess-embed button { font: inherit; padding: 3px 10px; border-radius: 4px; border: 1px solid #8c959f;
  background: #f6f8fa; color: inherit; cursor: pointer; }
.boomchess-embed button:disabled { opacity: 0.5; cursor: default; }
.boomchess-embed .boomchess-boom { background: #cf222e; border-color: #a40e26; color: #fff; font-weight: 700; }
.boomchess-embed .boomchess-analysis { display: flex; gap: 6px; align-items: center; }
.boomchess-embed .boomchess-analyse[aria-pressed='true'] { background: #2f6b2a; color: #fff; }
.boomchess-embed .boomchess-eval { --white: 50%; flex: 1; margin: 0; padding: 2px 6px; border-radius: 4px;
  border: 1px solid #8c959f; background: linear-gradient(to right, #f6f8fa var(--white), #2b2824 var(--white));
  color: #cf222e; font-weight: 700; text-align: center; font-variant-numeric: tabular-nums; }
.boomchess-embed .boomchess-line { margin: 0; font-size: 13px; overflow-wrap: anywhere; }
.boomchess-error { display: inline-block; margin: 0; padding: 8px 12px; border: 1px solid #cf222e;
  border-radius: 4px; background: #ffebe9; color: #82071e; font: 14px/1.4 system-ui, sans-serif; }
`;

/** The boards of this page: element → Promise of its game handle. Kept on the global object so
 * that a second copy of this module on the page (another address) does not mount them again. A
 * Map, not a WeakMap: a board is forgotten when it is unmounted, and the elements it holds are
 * checked for having left the document. */
const boards = (globalThis[Symbol.for('boomchess.embed.boards')] ??= new Map());
/** The handles of the boards drawn so far (element → handle), so that unmount acts at once. */
const handles = (globalThis[Symbol.for('boomchess.embed.handles')] ??= new Map());

let loading = null;

/** Loads and instantiates the game's WebAssembly once (shared by every board of the page). */
function load() {
  loading ??= init({ module_or_path: new URL('boomchess-board_bg.wasm', import.meta.url) });
  return loading;
}

function addStyle(doc) {
  if (doc.querySelector('style[data-boomchess-embed]')) return;
  const style = doc.createElement('style');
  style.dataset.boomchessEmbed = '';
  style.textContent = STYLE;
  (doc.head || doc.documentElement).append(style);
}

/** Replaces the element's content with a readable error. */
function showError(element, error) {
  const message = (error && error.message) || String(error);
  const box = element.ownerDocument.createElement('p');
  box.className = 'boomchess-error';
  box.setAttribute('role', 'alert');
  box.textContent = `boomchess: ${message}`;
  element.replaceChildren(box);
  element.setAttribute('data-boomchess-error', message);
}

/** The options of an element's data- attributes, as `mount` takes them. */
export function optionsOf(element) {
  const options = { variant: element.getAttribute('data-boomchess') ?? '' };
  for (const name of ATTRIBUTES) {
    const value = element.getAttribute(`data-${name}`);
    if (value !== null) options[name] = value;
  }
  return options;
}

/**
 * Mounts a board into `element` (its content is replaced). `options`: `{variant, options, fen,
 * moves, mode, side, level, size, orientation, select}`, the data- attributes' names and values.
 * Resolves to the board's game handle (`newGame`, `chooseCarriers`, `fen`, `legalMoves`, `play`,
 * `undo`, `status`, `squareCenter`, `on`, …, as `window.boomchess.game` of the game page); on bad
 * options shows the error in the element and rejects with it.
 */
export function mount(element, options = {}) {
  if (!element || element.nodeType !== 1) {
    return Promise.reject(new TypeError('mount(element, options): element must be a DOM element'));
  }
  // Mounting again replaces the board that was there.
  unmount(element);
  addStyle(element.ownerDocument);
  element.removeAttribute('data-boomchess-error');
  const board = load()
    .then(() => {
      // Unmounted (or mounted anew) while the module loaded: this board is not wanted any more.
      if (boards.get(element) !== board) throw new Error('the board was unmounted before it was drawn');
      const handle = mountBoard(element, options);
      handles.set(element, handle);
      return handle;
    })
    .catch((error) => {
      if (boards.get(element) === board) showError(element, error);
      throw error;
    });
  // A caller that only wants the board drawn need not handle a refusal; `boardOf` and `mount`'s
  // own Promise still report it.
  board.catch(() => {});
  boards.set(element, board);
  return board;
}

/**
 * Lets the board in `element` go: its listeners, animation and the computer's worker stop, its
 * memory is freed, and its content is emptied. The handle's methods throw from then on. Returns
 * whether there was a board.
 */
export function unmount(element) {
  const board = boards.get(element);
  if (!board) return false;
  boards.delete(element);
  const handle = handles.get(element);
  handles.delete(element);
  if (handle) handle.unmount();
  if (element.isConnected) {
    element.replaceChildren();
    element.removeAttribute('data-boomchess-mounted');
    element.removeAttribute('data-boomchess-error');
  }
  return true;
}

/** The Promise of the game handle of a board mounted in `element`, or `undefined`. */
export function boardOf(element) {
  return boards.get(element);
}

/**
 * Mounts every `[data-boomchess]` element inside `root` that has no board yet. Resolves once all
 * are mounted or have shown their error, to `[{element, handle}]` or `[{element, error}]`.
 */
export function mountAll(root = document) {
  const found = [...root.querySelectorAll('[data-boomchess]')].filter((el) => !boards.has(el));
  return Promise.all(
    found.map((element) =>
      mount(element, optionsOf(element)).then(
        (handle) => ({ element, handle }),
        (error) => ({ element, error }),
      ),
    ),
  );
}

/** Settles when the boards present when the page finished loading are mounted (see mountAll). */
export const ready = new Promise((resolve) => {
  const start = () => {
    resolve(mountAll());
    // Boards added later (a live preview, a page that loads more content) are mounted too; the
    // boards' own panels, which change with every move, are not looked into.
    const added = (node) =>
      node.nodeType === 1 &&
      !node.closest('.boomchess-embed') &&
      (node.matches('[data-boomchess]') || node.querySelector('[data-boomchess]') !== null);
    new MutationObserver((records) => {
      if (records.some((r) => [...r.addedNodes].some(added))) mountAll();
      // Boards whose element left the document go with it.
      if (records.some((r) => r.removedNodes.length > 0)) {
        for (const element of [...boards.keys()]) {
          if (!element.isConnected && element.ownerDocument === document) unmount(element);
        }
      }
    }).observe(document.documentElement, { childList: true, subtree: true });
  };
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start, { once: true });
  } else {
    start();
  }
});
