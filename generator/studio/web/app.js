// The studio page: shows the state /api/state gives, and follows /events.
// On a change only the <img> whose fingerprint changed gets a new src, so
// the page keeps its scroll position, zoom and open card. After the first
// state the page asks only for what changed since the one it holds (a
// delta: the cards whose record changed), and redraws only those cards.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
// The secret of the address `serve` printed: only a page opened with it
// may edit (the server checks it on every write).
const token = params.get('token');
let current = null;  // the state shown
let cardsByStem = new Map();  // current's cards by stem
let figures = new Map();  // the grid's figures by stem
const shownCard = (stem) => (stem ? cardsByStem.get(stem) : undefined);
let openStem = null; // the card in the large view
const gridPx = () => Number($('zoom').value);  // a card's width in the grid

function query(over = {}) {
  const q = new URLSearchParams();
  for (const k of ['game', 'lang', 'variant']) {
    const v = over[k] ?? params.get(k);
    if (v) q.set(k, v);
  }
  return q.toString();
}

// The state, or with `since` (the revision of the state held) what changed
// since: a delta, or the whole state when the server cannot say.
async function fetchState(since) {
  const q = new URLSearchParams(query());
  if (since) q.set('since', since);
  const res = await fetch('/api/state?' + q.toString())
    .catch((e) => { throw Object.assign(new Error(String(e)), { status: 0 }); });  // out of reach
  if (!res.ok) throw Object.assign(new Error(await res.text()), { status: res.status });
  return res.json();
}

// A delta applied to the state held: the cards it names replace theirs or
// join, in its order when it gives one; every other card is the very object
// held, so the grid knows it unchanged (updateGrid, buildGrid).
function merged(held, delta) {
  const changed = new Map(delta.cards.map((c) => [c.stem, c]));
  const removed = new Set(delta.removed);
  const cards = delta.order ? delta.order.map((s) => changed.get(s) ?? cardsByStem.get(s))
    : held.cards.filter((c) => !removed.has(c.stem)).map((c) => changed.get(c.stem) ?? c);
  const state = { ...delta, cards };
  for (const k of ['since', 'removed', 'order']) delete state[k];
  return state;
}

// ---------------------------------------------------------------- editing

// A message over the grid for a few seconds (a refused edit, a conflict).
function notice(text, error = true) {
  const n = $('notice');
  n.textContent = text;
  n.classList.toggle('error', error);
  n.hidden = false;
  clearTimeout(notice.timer);
  notice.timer = setTimeout(() => { n.hidden = true; }, 6000);
}

async function api(path, body) {
  const res = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'X-Kartenwerk-Token': token, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json = null;
  try { json = JSON.parse(text); } catch { /* a sentence, not JSON */ }
  return { status: res.status, json, text: json?.message || text.trim() };
}

function showHistory(r) {
  if (!r?.json || r.json.undo === undefined) return;
  $('undo').disabled = r.json.undo === 0;
  $('redo').disabled = r.json.redo === 0;
}

// The files the page has read to edit: path -> { hash, text }.
const files = new Map();
async function readFile(path) {
  const r = await api('/api/file?path=' + encodeURIComponent(path));
  if (r.status !== 200) throw new Error(r.text);
  files.set(path, { hash: r.json.hash, text: r.json.text });
  showHistory(r);
  return files.get(path);
}

// Applies `ops` to `path` as the page last read it. A conflict (the file
// changed on disk meanwhile) is said, the file is read again and the state
// reloaded; nothing is written over it. One edit at a time: the next is
// sent with the hash the last one's answer gave (two quick changes in the
// side panel were otherwise sent with the same hash, the second refused).
let editing = Promise.resolve();
function edit(path, ops, merge = false) {
  const run = editing.then(() => sendEdit(path, ops, merge));
  editing = run.catch(() => {});
  return run;
}

async function sendEdit(path, ops, merge) {
  const known = files.get(path) ?? (current?.files?.[path] ? { hash: current.files[path] } : await readFile(path));
  const r = await api('/api/edit', { file: path, hash: known.hash, ops, merge });
  showHistory(r);
  if (r.status === 200) {
    files.set(path, { hash: r.json.hash, text: null });
    document.body.dataset.edits = String(Number(document.body.dataset.edits || 0) + 1);
    return true;
  }
  if (r.status === 409) {
    notice(`${path} changed on disk since the page read it: not written. Reloaded; edit again.`);
    files.delete(path);
    lastTyped = null;
    textMeta = new Map();
    const form = $('lightbox').querySelector('.texts');
    delete form.dataset.stem;
    if (document.activeElement?.closest('.texts')) document.activeElement.blur();
    await refresh();
  } else {
    notice(r.text);
  }
  return false;
}

async function undoRedo(which) {
  const r = await api('/api/' + which, {});
  showHistory(r);
  if (r.json?.file && r.json.hash) files.set(r.json.file, { hash: r.json.hash, text: null });
  else files.clear();
  lastTyped = null;
  // The texts as the next state that matches the files says: perhaps the
  // one shown (an edit undone before the studio reloaded leaves no change).
  for (const meta of textMeta.values()) meta.resync = true;
  refresh();
  if (r.status === 409) notice(r.text);
  else if (r.status !== 200) notice(r.text);
  else if (r.json.status === 'done') document.body.dataset.edits = String(Number(document.body.dataset.edits || 0) + 1);
}

// ------------------------------------------------ the open card's texts

// {good: {name: v}} from "good.name" and v: a variant's patch of one text.
function nested(path, value) {
  return path.split('.').reduceRight((inner, key) => ({ [key]: inner }), value);
}

// What the page knows of each text field of the open card, by path: where
// it is written and what the file holds there (after the page's own edits).
let textMeta = new Map();
let lastTyped = null;  // the field typed in last: its keystrokes are one undo step

function textsPanel(card) {
  const form = $('lightbox').querySelector('.texts');
  const editable = token && card.texts?.length;
  form.hidden = !editable;
  if (!editable) return;
  const same = form.dataset.stem === card.stem && form.dataset.fingerprint !== undefined;
  if (!same) {
    form.dataset.stem = card.stem;
    textMeta = new Map();
    form.replaceChildren(...card.texts.map((t) => {
      const area = el('textarea', { name: t.path, rows: Math.min(8, t.value.split('\n').length), spellcheck: 'true' });
      area.value = t.value;
      area.addEventListener('input', () => {
        fitText(card.card_id, t.path, area.value, area.closest('label'));
        scheduleText(card.stem, t.path, area);
      });
      // A text the language has no translation of yet: offered to add (the source text to start from).
      const add = el('button', { type: 'button', class: 'add-translation', hidden: '' }, 'add translation');
      add.addEventListener('click', (e) => {
        e.preventDefault();
        const meta = textMeta.get(t.path);
        if (!meta?.add) return;
        meta.adding = true;
        add.hidden = true;
        area.disabled = false;
        area.focus();
        area.select();
      });
      return el('label', { 'data-path': t.path }, el('span', { class: 'path' }, t.path), area,
        el('span', { class: 'fit' }), el('span', { class: 'where' }), add);
    }));
  }
  form.dataset.fingerprint = card.fingerprint;
  for (const t of card.texts) {
    const label = form.querySelector(`label[data-path="${CSS.escape(t.path)}"]`);
    if (!label) continue;
    const area = label.querySelector('textarea');
    const meta = textMeta.get(t.path);
    // The state is the truth unless the page has written since it was made.
    // A state made before the page's last write or undo of the file is not taken.
    const known = files.get(t.file)?.hash;
    const fresh = !known || current?.files?.[t.file] === known;
    if (!meta || (fresh && !meta.inflight && (meta.resync || (meta.waiting ? !(t.patch || t.add)
      : meta.pending === undefined)))) {
      textMeta.set(t.path, { ...t, disk: t.value, waiting: false, inflight: false, pending: meta?.pending,
        adding: Boolean(meta?.adding && t.add) });
      if (document.activeElement !== area || (meta?.resync && meta.pending === undefined)) {
        if (area.value !== t.value) showFit(label, null);  // the answer was for a text no longer there
        area.value = t.value;
      }
      if (meta?.pending !== undefined) writeText(t.path);  // typed while its place was being made
    }
    const adding = Boolean(t.add && textMeta.get(t.path)?.adding);
    area.disabled = Boolean(t.why_not) && !adding;
    label.querySelector('.add-translation').hidden = !t.add || adding;
    label.title = t.why_not || '';
    label.querySelector('.where').textContent = adding ? `new translation in ${t.add.file}` : t.why_not ? t.why_not
      : t.patch ? `new patch in ${t.file}` : `${t.file}:${t.line}`;
  }
  const overflow = card.badges.filter((b) => b.kind === 'overflow');
  form.classList.toggle('overflow', overflow.length > 0);
  form.title = overflow.map((b) => b.message).join('\n');
}

// Whether the text being typed fits, on every keystroke: the server sets
// only that text into its box (/api/fit), nothing is written or drawn. One
// question at a time; keystrokes meanwhile are asked as one, the latest.
// The time from the keystroke to the answer shown is kept for the bench
// (window.fitTimes, milliseconds).
const fitting = { busy: false, next: null };
window.fitTimes = [];

function showFit(label, answer) {
  const note = label.querySelector('.fit');
  const texts = answer?.texts || [];
  label.classList.toggle('overflows', !!answer && !answer.fits);
  label.classList.toggle('shrinks', !!answer && answer.fits && texts.some((t) => t.size < t.max));
  note.textContent = !answer ? '' : texts.length === 0 ? 'not shown on the card'
    : texts.map((t) => !t.fits ? `${t.element}: does not fit — ${t.message}`
      : t.size < t.max ? `${t.element}: fits at ${t.size} pt (shrunk from ${t.max})`
        : `${t.element}: fits at ${t.size} pt`).join('; ');
  $('lightbox').querySelector('.texts').classList.toggle('overflow', !!answer && !answer.fits);
}

async function fitText(cardId, path, value, label, at = performance.now()) {
  if (fitting.busy) {  // asked when this one is answered, timed from its first keystroke
    fitting.next = { cardId, path, value, label, at: fitting.next?.at ?? at };
    return;
  }
  fitting.busy = true;
  const r = await api('/api/fit', { game: current.game, lang: current.lang, variant: current.variant,
    card: cardId, path, value });
  fitting.busy = false;
  const next = fitting.next;
  fitting.next = null;
  if (next) return fitText(next.cardId, next.path, next.value, next.label, next.at);
  if (r.status === 200 && label.isConnected) {
    showFit(label, r.json);
    window.fitTimes.push(performance.now() - at);
    document.body.dataset.fits = String(window.fitTimes.length);
  }
}

// Keystrokes are written after a pause (one undo step per field typed in).
function scheduleText(stem, path, area) {
  const meta = textMeta.get(path);
  if (!meta) return;
  meta.pending = area.value;
  clearTimeout(meta.timer);
  meta.timer = setTimeout(() => writeText(path), 250);
}

async function writeText(path) {
  const meta = textMeta.get(path);
  if (!meta || meta.pending === undefined || meta.inflight || meta.waiting || meta.resync) return;
  const value = meta.pending;
  meta.pending = undefined;
  if (value === meta.disk) return;
  meta.inflight = true;
  let op;
  let file = meta.file;
  if (meta.add) {  // the locale file's new string: the source text it translates, and the translation
    file = meta.add.file;
    op = { op: 'add_entry', path: ['strings'], key: meta.add.id,
      members: [[meta.add.source_key, meta.add.source], ['text', value]] };
  } else if (meta.patch) {
    op = { op: 'insert', path: ['variant', 'patch'], item: { card: shownCard($('lightbox').querySelector('.texts')
      .dataset.stem).def_id, set: nested(path, value) } };
  } else {
    // A card table's cell (row, column), else the YAML scalar at line, column.
    op = { op: meta.file.endsWith('.csv') ? 'set_cell' : 'set_at', line: meta.line, column: meta.column,
      old: meta.disk, value };
  }
  const key = `${file}:${meta.line}:${meta.column}`;
  const ok = await edit(file, [op], lastTyped === key && !meta.patch && !meta.add);
  meta.inflight = false;
  if (ok) {
    lastTyped = key;
    meta.disk = value;
    // Its place in the variant or locale file comes with the next state.
    if (meta.patch || meta.add) meta.waiting = true;
  }
  if (meta.pending !== undefined && !meta.waiting) writeText(path);
}

function el(tag, attrs = {}, ...children) {
  const ns = ['svg', 'rect', 'text', 'g', 'path'].includes(tag) ? SVG : null;
  const e = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
}

function rect(r, cls) {
  return el('rect', { class: cls, x: r.x, y: r.y, width: r.w, height: r.h });
}

// A line with a dark halo under it, so it reads on light and dark cards.
function haloed(r, cls) {
  return [rect(r, 'halo'), rect(r, cls)];
}

const overlaps = (a, b) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

// The name chips of the element boxes, `f` mm high text: each at its box's
// top left corner, else its top right, else moved down inside its box, else
// just above or below it, so that no chip covers another where there is room.
function labelChips(boxes, f, w, h) {
  const placed = [];
  return boxes.map((b) => {
    const cw = Math.min((b.name.length * 0.6 + 0.8) * f, w), ch = 1.4 * f;
    const xs = [b.x, b.x + b.w - cw].map((x) => Math.max(0, Math.min(x, w - cw)));
    const ys = [];
    for (let y = b.y; y + ch <= b.y + Math.max(b.h, ch) + 1e-6; y += ch) ys.push(y);
    ys.push(b.y - ch, b.y + b.h);
    let best = null;
    for (const y of ys.filter((y) => y >= 0 && y + ch <= h))
      for (const x of xs) {
        const c = { x, y, w: cw, h: ch };
        if (!best && !placed.some((p) => overlaps(p, c))) best = c;
      }
    best ??= { x: xs[0], y: b.y, w: cw, h: ch };
    placed.push(best);
    return best;
  });
}

// The overlay in page millimetres, for a card shown `px` pixels wide: the
// bleed masked when hidden (tinted when shown with the trim line), the trim
// line, the safe area, the layout's element boxes with their names.
function overlay(card, px) {
  const { w, h } = card.size;
  const svg = el('svg', { viewBox: `0 0 ${w} ${h}`, preserveAspectRatio: 'none' });
  const t = card.trim;
  const band = `M0 0H${w}V${h}H0Z M${t.x} ${t.y}V${t.y + t.h}H${t.x + t.w}V${t.y}Z`;
  if (!$('show-bleed').checked) svg.append(el('path', { class: 'bleed-mask', d: band, 'fill-rule': 'evenodd' }));
  else if ($('show-trim').checked) svg.append(el('path', { class: 'bleed-band', d: band, 'fill-rule': 'evenodd' }));
  if ($('show-boxes').checked) {
    const lines = el('g', { class: 'box-outlines' });
    for (const b of card.boxes) lines.append(...haloed(b, 'outline'));
    svg.append(lines);
  }
  if ($('show-safe').checked) svg.append(...haloed(card.safe, 'safe'));
  if ($('show-trim').checked) svg.append(...haloed(t, 'trim'));
  if ($('show-boxes').checked) {
    const f = (px >= 320 ? 11 : 8) * w / px;  // label size: 11 or 8 screen pixels
    const chips = labelChips(card.boxes, f, w, h);
    card.boxes.forEach((b, i) => {
      const c = chips[i];
      svg.append(el('g', { class: 'box', 'data-name': b.name }, el('rect', { class: 'chip', x: c.x, y: c.y, width: c.w,
        height: c.h, rx: 0.2 * f }), el('text', { x: c.x + 0.4 * f, y: c.y + 0.72 * f, 'font-size': f }, b.name)));
    });
  }
  return svg;
}

function badges(card) {
  const span = el('span', { class: 'badges' });
  for (const b of card.badges)
    span.append(el('span', { class: `badge ${b.kind}${b.error ? ' error' : ''}`, title: b.message }, b.kind));
  if (!card.preflighted)  // judged at full resolution after the image came (its badges follow)
    span.append(el('span', { class: 'badge pending', title: 'preflight is judging this card' }, 'preflight …'));
  return span;
}

function caption(card) {
  return el('figcaption', {}, el('span', { class: 'label' }, card.label),
    el('span', { class: 'stem' }, card.stem), badges(card));
}

// The grid's images are asked for only when their card is on the screen
// (or within a short scroll of it): the server paints a card's image when
// it is first asked for, so a drop that changes 48 cards paints the ones
// shown, and the others when they are scrolled to. A card's figure keeps
// the address of its image now in data-url; its img gets it when near.
const nearObserver = new IntersectionObserver((entries) => {
  for (const e of entries) {
    e.target.dataset.near = e.isIntersecting ? '1' : '';
    if (e.isIntersecting) {
      showImage(e.target);
      drawOverlay(e.target);
    }
  }
}, { rootMargin: '150px' });

// A grid card's overlay is drawn likewise when its card comes near the
// screen: a change of thousands of cards (a layout edited, preflight's
// badges) draws the few shown, the others when scrolled to. `fig.card` is
// the card it shows, `fig.overlayOf` the card its overlay was drawn for.
function drawOverlay(fig) {
  if (fig.dataset.near !== '1' || !fig.card || fig.overlayOf === fig.card) return;
  fig.querySelector('svg').replaceWith(overlay(fig.card, gridPx()));
  fig.overlayOf = fig.card;
}

function showImage(fig) {
  const img = fig.querySelector('img.card-img');
  if (img && fig.dataset.url && img.getAttribute('src') !== fig.dataset.url) img.src = fig.dataset.url;
}

function setImage(fig, url) {
  fig.dataset.url = url;
  if (fig.dataset.near === '1') showImage(fig);
}

function cardFigure(card) {
  const img = el('img', { class: 'card-img', alt: card.label, title: card.label,
    width: card.width_px, height: card.height_px });
  const frame = el('div', { class: 'frame' }, img, el('svg'));  // the overlay, drawn when near
  frame.addEventListener('click', () => openCard(card.stem));
  const fig = el('figure', { class: 'card', 'data-stem': card.stem, 'data-fingerprint': card.fingerprint,
    'data-url': card.url }, frame, caption(card));
  fig.card = card;
  fig.classList.toggle('overflow', card.badges.some((b) => b.kind === 'overflow'));
  nearObserver.observe(fig);
  return fig;
}

// The grid built anew (cards came, went or moved); the figure of a card
// the held state shows unchanged is moved, not drawn again.
function buildGrid(state) {
  const grid = $('grid');
  nearObserver.disconnect();
  grid.replaceChildren();
  const held = figures;
  figures = new Map();
  const decks = new Map();
  for (const c of state.cards) {
    const name = c.deck || 'backs';
    if (!decks.has(name)) decks.set(name, []);
    decks.get(name).push(c);
    const fig = cardsByStem.get(c.stem) === c && held.get(c.stem);
    figures.set(c.stem, fig || cardFigure(c));
    if (fig) nearObserver.observe(fig);
  }
  for (const [name, cards] of decks)
    grid.append(el('section', { class: 'deck', 'data-deck': name }, el('h2', {}, `${name} (${cards.length})`),
      el('div', { class: 'cards' }, ...cards.map((c) => figures.get(c.stem)))));
}

// Same cards as shown: change what differs, in place (a card the held
// state shows as the same object is unchanged).
function updateGrid(state, held) {
  state.cards.forEach((c, i) => {
    if (held.cards[i] === c) return;
    const fig = figures.get(c.stem);
    const img = fig.querySelector('img');
    if (fig.dataset.fingerprint !== c.fingerprint) {  // else its event asked for it already (swapImages)
      setImage(fig, c.url);
      fig.dataset.fingerprint = c.fingerprint;
    }
    img.alt = img.title = c.label;
    fig.card = c;
    drawOverlay(fig);
    fig.querySelector('figcaption').replaceWith(caption(c));
    fig.classList.toggle('overflow', c.badges.some((b) => b.kind === 'overflow'));
  });
}

function sameCards(a, b) {
  return a && a.cards.length === b.cards.length && a.cards.every((c, i) => c.stem === b.cards[i].stem);
}

function showProblems(state) {
  const box = $('problems');
  box.hidden = !state.diagnostics;
  box.classList.toggle('warnings', state.errors === 0);
  $('problems-title').textContent = state.stale
    ? `${state.errors} error(s): showing the last good cards`
    : `${state.warnings} warning(s)`;
  $('diagnostics').textContent = state.diagnostics;
  document.body.classList.toggle('stale', state.stale);
}

function fillSelect(select, values, chosen, none) {
  const options = (none ? [['', none]] : []).concat(values);
  select.replaceChildren(...options.map(([v, text]) => el('option', { value: v }, text)));
  select.value = chosen;
}

function showSwitches(state) {
  fillSelect($('game'), state.games.map((g) => [g.id, g.name]), state.game);
  fillSelect($('lang'), state.languages.map((l) => [l, l]), state.lang);
  fillSelect($('variant'), state.variants.map((v) => [v, v]), state.variant, '(base game)');
  $('game').parentElement.hidden = state.games.length < 2;
  // The tabletop downloads of what the page shows (the server zips the last build's folder).
  for (const a of document.querySelectorAll('.downloads a')) {
    const f = a.dataset.format;
    const parts = [state.game, state.lang, state.variant || '-'].map(encodeURIComponent);
    a.href = `/tabletop/${parts.join('/')}/${f}.zip`;
    a.download = [state.game, state.lang, state.variant, f].filter((x) => x).join('-') + '.zip';
  }
  $('game-name').textContent = state.game_name ? `· ${state.game_name}` : '';
}

function show(state) {
  if (sameCards(current, state)) updateGrid(state, current);
  else buildGrid(state);
  current = state;
  cardsByStem = new Map(state.cards.map((c) => [c.stem, c]));
  document.body.dataset.session = `${state.game}/${state.lang}/${state.variant}`;
  showProblems(state);
  showSwitches(state);
  $('status').textContent = `${state.cards.length} cards · reload ${state.generation}`;
  if (openStem) openCard(openStem);
}

// Only the answer to the latest request is shown: an older one may be of
// the session the page has just switched away from.
let refreshes = 0;
const kRefreshAttempts = 20;  // a refused state asked for again, at most so often (refresh)
async function refresh(attempt = 0) {
  const mine = ++refreshes;
  try {
    let state = await fetchState(current?.revision);
    if (mine !== refreshes) return;
    if (state.since !== undefined && state.since !== current?.revision) {  // of a state no longer held
      state = await fetchState();
      if (mine !== refreshes) return;
    }
    show(state.since === undefined ? state : merged(current, state));
  } catch (e) {
    $('status').textContent = String(e);
    // Asked again while no newer request took its place, when the studio
    // was busy (503: answering a grid's images) or out of reach: else the
    // page stayed on an older revision until the next change, for good if
    // none came. The promise ends when the state is shown (or given up).
    const busy = e.status === 503 || e.status === 0;
    if (busy && mine === refreshes && attempt < kRefreshAttempts) {
      await new Promise((r) => setTimeout(r, Math.min(2000, 250 * (attempt + 1))));
      if (mine === refreshes) return refresh(attempt + 1);
    }
  }
}

// The large view: the card as large as the panel allows, its aspect kept.
function openCard(stem) {
  const card = shownCard(stem);
  const box = $('lightbox');
  if (!card) return closeCard();
  const wasOpen = openStem;
  if (wasOpen !== stem) selected = null;
  openStem = stem;
  const large = box.querySelector('.large');
  // At full resolution, rendered on request: another card shows the grid's
  // smaller image at once, and each full image replaces what is shown once
  // it has arrived (so a drag's result never blurs the card meanwhile).
  let img = large.querySelector('img');
  if (!img || img.dataset.stem !== stem) {
    img = el('img', { src: card.url, alt: card.label, width: card.width_px, height: card.height_px,
      'data-stem': stem });
    large.replaceChildren(img);
  }
  if (img.dataset.full !== card.full) {
    img.dataset.full = card.full;
    const full = new Image();
    full.src = card.full;
    full.decode().then(() => { if (img.dataset.full === card.full) img.src = card.full; }, () => {});
  }
  box.querySelector('.caption').replaceChildren(caption(card), overlapNote(card));
  box.querySelector('.card-tools').hidden = !(token && card.entry);
  textsPanel(card);
  box.hidden = false;
  document.body.classList.add('panel-open');
  for (const f of document.querySelectorAll('figure.card.open')) f.classList.remove('open');
  const fig = figures.get(stem);
  fig?.classList.add('open');
  if (wasOpen !== stem) fig?.scrollIntoView({ block: 'nearest' });
  fitCard();
}

function fitCard() {
  const card = shownCard(openStem);
  if (!card) return;
  const stage = $('lightbox').querySelector('.stage');
  const large = stage.querySelector('.large');
  const cs = getComputedStyle(stage);
  const sw = stage.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  const sh = stage.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom);
  const scale = Math.max(0.05, Math.min(sw / card.width_px, sh / card.height_px));
  const w = Math.floor(card.width_px * scale);
  large.style.width = w + 'px';
  large.style.height = Math.floor(card.height_px * scale) + 'px';
  large.querySelector('svg')?.remove();
  large.append(overlay(card, w));
  handles(card, large, w);
  propsPanel();
}

// ------------------------------------------------ cards added, removed, moved

// An id no card of the game has: "<id>-copy", "<id>-copy-2", ... ("new-card", "new-card-2": `suffix` '').
function freshId(base, suffix = '-copy') {
  const taken = new Set(current.cards.map((c) => c.def_id));
  for (let n = 1; ; ++n) {
    const id = `${base}${suffix}${n > 1 ? '-' + n : ''}`;
    if (!taken.has(id)) return id;
  }
}

async function cardAction(kind) {
  const card = shownCard(openStem);
  const e = card?.entry;
  if (!e) return;
  let op;
  if (kind === 'blank') {  // a new card right after this one: its id, the deck's required fields empty or defaulted,
    // and what its layout needs besides, from the deck's cards (the server's blank)
    const fresh = ([k, v]) => [k, k === 'id' ? freshId('new-card', '') : v];
    if (e.id_column) {  // a row of its CSV table, checked by this card's id
      if (!e.blank_row?.length) return notice(e.blank_error || 'this deck has no blank row to add: duplicate a row');
      const op = { op: 'insert_row', row: e.index, column: e.id_column, old: e.id, cells: e.blank_row.map(fresh) };
      if (await edit(e.file, [op])) closeCard();
      return;
    }
    if (!e.blank?.length) return notice(e.blank_error || 'this deck has no blank card to add');
    const item = e.blank.map(fresh);
    if (await edit(e.file, [{ op: 'insert', path: e.path, index: e.index + 1, item }])) closeCard();
    return;
  }
  if (e.id_column) {  // a row of a CSV card table, checked by its id
    const row = { column: e.id_column, old: e.id };
    if (kind === 'dup') op = { op: 'duplicate_row', row: e.index, ...row, value: freshId(card.def_id) };
    else if (kind === 'del') {
      if (!confirm(`Delete ${card.def_id} from ${e.file}? (Undo brings it back.)`)) return;
      op = { op: 'remove_row', row: e.index, ...row };
    } else {
      const to = e.index + (kind === 'earlier' ? -1 : 1);
      if (to < 2) return;
      op = { op: 'move_row', from: e.index, to, ...row };
    }
  } else if (kind === 'dup') op = { op: 'duplicate', path: e.path, index: e.index, key: 'id', value: freshId(card.def_id) };
  else if (kind === 'del') {
    if (!confirm(`Delete ${card.def_id} from ${e.file}? (Undo brings it back.)`)) return;
    op = { op: 'remove', path: e.path, index: e.index };
  } else {
    const to = e.index + (kind === 'earlier' ? -1 : 1);
    if (to < 0) return;
    op = { op: 'move', path: e.path, from: e.index, to };
  }
  if (await edit(e.file, [op])) closeCard();  // the grid is built anew
}

// Text that runs into another element's box, as the layout's overlap check
// (the same as `kartenwerk check`) found it for this card: the layout file's
// line and the `overlaps:` that would declare it meant.
function overlapNote(card) {
  const list = card.badges.filter((b) => b.kind === 'overlap').map((b) => b.message);
  const p = el('p', { class: 'overlaps' }, ...list.map((m) => el('span', {}, `warning: ${m}`)));
  p.hidden = list.length === 0;
  return p;
}

// ------------------------------------------------ moving elements on the card

// Snapping: the layout's numbers to whole millimetres, an edge to the trim,
// bleed and safe lines and to the other elements' edges within 1 mm (Alt
// while dragging: no snapping). Arrow keys nudge the selected element by
// 1 mm, with Shift by 0.1 mm.
const SNAP_MM = 1;
let selected = null;  // the name of the selected element of the open card

const round2 = (v) => Math.round(v * 100) / 100;

// The edges (page mm) an element snaps to on each axis.
function snapLines(card, except) {
  const xs = [0, card.size.w, card.trim.x, card.trim.x + card.trim.w, card.safe.x, card.safe.x + card.safe.w];
  const ys = [0, card.size.h, card.trim.y, card.trim.y + card.trim.h, card.safe.y, card.safe.y + card.safe.h];
  for (const b of card.boxes) {
    if (b.name === except) continue;
    xs.push(b.x, b.x + b.w);
    ys.push(b.y, b.y + b.h);
  }
  return { xs, ys };
}

// `start` (page mm) of an edge moved to a line within 1 mm, else its layout
// number rounded to whole millimetres (the layout counts from the trim).
function snap(value, lines, offset, free) {
  if (free) return round2(value);
  let best = null;
  for (const l of lines) if (Math.abs(l - value) <= 1 && (best === null || Math.abs(l - value) < Math.abs(best - value))) best = l;
  if (best !== null) return round2(best);
  return round2(Math.round((value - offset) / SNAP_MM) * SNAP_MM + offset);
}

// The box a move or resize gives, in page mm.
function movedBox(card, b, mode, dx, dy, free) {
  const lines = snapLines(card, b.name);
  if (mode === 'move') {
    let x = snap(b.x + dx, lines.xs, card.trim.x, free);
    const right = snap(b.x + b.w + dx, lines.xs, card.trim.x, free);
    if (Math.abs(right - (b.x + b.w + dx)) < Math.abs(x - (b.x + dx)) && lines.xs.includes(right)) x = round2(right - b.w);
    let y = snap(b.y + dy, lines.ys, card.trim.y, free);
    const bottom = snap(b.y + b.h + dy, lines.ys, card.trim.y, free);
    if (Math.abs(bottom - (b.y + b.h + dy)) < Math.abs(y - (b.y + dy)) && lines.ys.includes(bottom)) y = round2(bottom - b.h);
    return { x, y, w: b.w, h: b.h };
  }
  const right = snap(b.x + b.w + dx, lines.xs, card.trim.x, free);
  const bottom = snap(b.y + b.h + dy, lines.ys, card.trim.y, free);
  return { x: b.x, y: b.y, w: Math.max(0.5, round2(right - b.x)), h: Math.max(0.5, round2(bottom - b.y)) };
}

// Writes a box's new place: only the numbers that changed.
async function writeBox(card, b, to) {
  const src = b.source;
  const next = [round2(src.box[0] + to.x - b.x), round2(src.box[1] + to.y - b.y), to.w, to.h].map(round2);
  const ops = [];
  next.forEach((v, i) => {
    if (Math.abs(v - src.box[i]) > 1e-9) ops.push({ op: 'set', path: [...src.path, i], value: String(v) });
  });
  if (!ops.length) return;
  await edit(src.file, ops);
}

// The draggable boxes over the large card (when the element boxes are shown).
let dragging = false;  // a handle is held: a new state does not draw the handles anew under the pointer
function handles(card, large, px) {
  if (dragging && large.querySelector('.handles')) return;
  large.querySelector('.handles')?.remove();
  if (!token || !$('show-boxes').checked) return;
  const layer = el('div', { class: 'handles' });
  const scale = px / card.size.w;  // screen px per mm
  const seen = new Set();
  for (const b of card.boxes) {
    if (!b.source || seen.has(b.name)) continue;
    seen.add(b.name);
    const h = el('div', { class: 'handle' + (b.name === selected ? ' selected' : ''), 'data-name': b.name,
      title: `${b.name}: ${b.source.file} [${b.source.box.join(', ')}]`, tabindex: '0' }, el('i', { class: 'resize' }));
    const place = (r) => Object.assign(h.style, { left: r.x * scale + 'px', top: r.y * scale + 'px',
      width: r.w * scale + 'px', height: r.h * scale + 'px' });
    place(b);
    h.addEventListener('pointerdown', (e) => {
      e.preventDefault();
      e.stopPropagation();
      selected = b.name;
      propsPanel();
      for (const o of layer.querySelectorAll('.handle.selected')) o.classList.remove('selected');
      h.classList.add('selected');
      h.setPointerCapture(e.pointerId);
      dragging = true;
      const mode = e.target.classList.contains('resize') ? 'resize' : 'move';
      const x0 = e.clientX, y0 = e.clientY;
      let to = null;
      const onMove = (m) => {
        to = movedBox(card, b, mode, (m.clientX - x0) / scale, (m.clientY - y0) / scale, m.altKey);
        place(to);
        h.dataset.box = [to.x, to.y, to.w, to.h].join(',');
      };
      const onUp = async () => {
        h.removeEventListener('pointermove', onMove);
        h.removeEventListener('pointerup', onUp);
        h.removeEventListener('lostpointercapture', onUp);
        dragging = false;
        if (to) await writeBox(card, b, to);
        else fitCard();  // the handles as the state now says
      };
      h.addEventListener('pointermove', onMove);
      h.addEventListener('pointerup', onUp);
      h.addEventListener('lostpointercapture', onUp);
    });
    layer.append(h);
  }
  large.append(layer);
}

// ------------------------------------------------ the selected element's properties

// The side panel: a selected element's size, colour (fill of a rect),
// alignment and `when:` as its layout file writes them. A change is one
// edit of the element's map (set_key: changed in place, or a line added;
// remove_key when emptied), undone like any other.
function selectedBox() {
  const card = shownCard(openStem);
  return card && selected && card.boxes.find((x) => x.name === selected && x.source);
}

// The panel keeps its place while nothing is selected (a hint in it), so
// that selecting an element does not resize the card under the pointer.
function propsPanel() {
  const form = $('lightbox').querySelector('.props');
  const b = token && selectedBox();
  form.hidden = !token;
  form.classList.toggle('idle', !b);
  if (!b) {
    form.querySelector('.props-name').textContent = 'select an element (element boxes on) to edit its properties';
    return;
  }
  const { type, props } = b.source;
  form.dataset.name = b.name;
  form.querySelector('.props-name').textContent = `${b.name} (${type})`;
  for (const l of form.querySelectorAll('.for-text')) l.hidden = type !== 'text';
  for (const l of form.querySelectorAll('.for-rect')) l.hidden = type !== 'rect';
  for (const input of form.querySelectorAll('input, select'))
    if (document.activeElement !== input) input.value = props[input.name] ?? '';
}

async function writeProp(input) {
  const b = selectedBox();
  if (!b) return;
  const src = b.source;
  const element = src.path.slice(0, -1);  // the map holding `box`
  const was = src.props[input.name];
  const value = input.value.trim();
  if ((was ?? '') === value) return;
  let ops;
  if (input.name === 'size' && (was?.includes(',') || value.includes(','))) {
    const parts = value.split(',').map((p) => p.trim());
    if (!was?.includes(',') || parts.length !== 2) {
      notice('size: a range [largest, smallest] and a single size are written in the layout file');
      input.value = was ?? '';
      return;
    }
    ops = parts.map((p, i) => ({ op: 'set', path: [...element, 'size', i], value: p }));
  } else if (value === '') {
    ops = [{ op: 'remove_key', path: element, key: input.name }];
  } else {
    ops = [{ op: 'set_key', path: element, key: input.name, value }];
  }
  await edit(src.file, ops);
}

// Arrow keys move the selected element (true: the key was taken).
function nudge(e) {
  const card = shownCard(openStem);
  const b = card && selected && card.boxes.find((x) => x.name === selected && x.source);
  if (!b) return false;
  const step = e.shiftKey ? 0.1 : 1;
  const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[e.key];
  if (!d) return false;
  writeBox(card, b, { x: round2(b.x + d[0]), y: round2(b.y + d[1]), w: b.w, h: b.h });
  return true;
}

// ------------------------------------------------ what changed: before and after

// The cards whose page changed since a git revision (kartenwerk diff REV),
// or since the last build ('last build': kartenwerk diff --since-build, the
// image before being the build's own), each as it was (rendered from the
// revision's files) and as it is now,
// side by side or blinking in one place. Follows the session's changes
// while open. `?since=REV` in the address opens it.
let changesSince = null;  // the revision shown, while the view is open
let changesAsked = 0;
let blinkTimer = null;

function changeFigure(c) {
  const ratio = c.width_px && c.height_px ? c.width_px / c.height_px : 0.7;
  const side = (which, url, tag, none) => el('div', { class: `side ${which}` }, el('span', { class: 'tag' }, tag),
    url ? el('img', { src: url, alt: `${c.stem} ${tag}`, width: c.width_px, height: c.height_px })
      : el('div', { class: 'none', style: `--ratio: ${ratio}` }, none));
  const fig = el('figure', { class: 'change', 'data-change': c.stem, 'data-kind': c.kind },
    el('div', { class: 'pair' }, side('before', c.before, 'before', 'not there before'),
      side('after', c.after, 'now', 'removed')),
    el('figcaption', {}, el('span', { class: 'kind' }, c.kind), ' ', el('span', { class: 'stem' }, c.stem),
      el('span', { class: 'what' }, c.what.join('; '))));
  fig.addEventListener('dblclick', () => { if (c.after) { closeChanges(); openCard(c.stem); } });
  return fig;
}

function blinkMode() {
  const blink = document.querySelector('input[name="changes-mode"]:checked')?.value === 'blink';
  const box = $('changes');
  box.classList.toggle('blink', blink);
  clearInterval(blinkTimer);
  blinkTimer = null;
  box.dataset.phase = 'after';
  if (blink && !box.hidden)
    blinkTimer = setInterval(() => { box.dataset.phase = box.dataset.phase === 'after' ? 'before' : 'after'; }, 700);
}

async function showChanges(revision) {
  if (!current) return;
  const mine = ++changesAsked;
  changesSince = revision;
  closeCard();
  document.body.classList.add('changes-open');
  $('changes').hidden = false;
  blinkMode();
  if (params.get('since') !== revision) {
    params.set('since', revision);
    history.replaceState(null, '', '?' + params.toString());
  }
  $('changes-title').textContent = `comparing with ${revision} …`;
  const q = new URLSearchParams({ game: current.game, lang: current.lang, variant: current.variant, since: revision });
  const res = await fetch('/api/changes?' + q.toString());
  const body = await res.text();
  if (mine !== changesAsked || changesSince !== revision) return;
  const diag = $('changes-diagnostics');
  if (!res.ok) {
    $('changes-title').textContent = `cannot compare with ${revision}`;
    diag.textContent = body.trim();
    diag.hidden = false;
    $('changes-list').replaceChildren();
    document.body.dataset.changes = String(mine);
    return;
  }
  const j = JSON.parse(body);
  $('changes-title').textContent = `${j.changes.length} of ${j.cards} cards changed since ${j.revision}`
    + (j.revision === 'last build' ? '' : ` (${j.commit.slice(0, 12)})`);
  diag.textContent = j.diagnostics;
  diag.hidden = !j.diagnostics;
  $('changes-list').replaceChildren(...j.changes.map(changeFigure));
  document.body.dataset.changes = String(mine);
}

function closeChanges() {
  changesSince = null;
  ++changesAsked;
  document.body.classList.remove('changes-open');
  $('changes').hidden = true;
  blinkMode();
  params.delete('since');
  history.replaceState(null, '', '?' + params.toString());
}

function closeCard() {
  openStem = null;
  $('lightbox').hidden = true;
  document.body.classList.remove('panel-open');
  for (const f of document.querySelectorAll('figure.card.open')) f.classList.remove('open');
}

// The previous (-1) or next (+1) card to the open one.
function stepCard(by) {
  if (!openStem || !current) return;
  const i = current.cards.findIndex((c) => c.stem === openStem);
  const next = current.cards[i + by];
  if (next) openCard(next.stem);
}

// Only the overlays, drawn anew (a toggle or the size changed).
function redrawOverlays() {
  for (const fig of figures.values()) {
    fig.overlayOf = null;
    drawOverlay(fig);
  }
  fitCard();
}

// The new images of the cards a change names, asked for at once (those on
// the screen; the others when scrolled to): the event says each card's new
// fingerprint, which is all its image's address needs, so they load while
// the state (badges, boxes, texts) is fetched.
function swapImages(change) {
  if (change.layout) return;  // cards came or went: the grid is built anew
  const where = [current.game, current.lang, current.variant || '-'].map(encodeURIComponent).join('/');
  for (const { stem, fingerprint } of change.cards) {
    const fig = figures.get(stem);
    if (!fig || fig.dataset.fingerprint === fingerprint) continue;
    setImage(fig, `/cards/${where}/${encodeURIComponent(stem)}.png?v=${fingerprint}`);
    fig.dataset.fingerprint = fingerprint;
  }
}

function follow() {
  const events = new EventSource('/events');
  events.addEventListener('open', () => refresh());  // whatever happened while disconnected
  events.addEventListener('change', (e) => {
    const c = JSON.parse(e.data);
    if (current && c.game === current.game && c.lang === current.lang && c.variant === current.variant) {
      swapImages(c);
      refresh();
      // A reload that changed nothing shown (every reload is told, so the
      // page holds the server's revision) compares nothing again.
      if (changesSince && !c.badges && (c.cards.length || c.layout || c.diagnostics)) showChanges(changesSince);
    }
  });
}

function switchTo(key, value) {
  if (value) params.set(key, value);
  else params.delete(key);
  if (key === 'game') {  // another game opens in its own source language
    params.delete('variant');
    params.delete('lang');
  }
  history.replaceState(null, '', '?' + params.toString());
  current = null;
  cardsByStem = new Map();
  closeCard();
  refresh().then(() => { if (changesSince) showChanges(changesSince); });
}

function setup() {
  for (const id of ['show-trim', 'show-bleed', 'show-safe', 'show-boxes']) {
    const box = $(id);
    const saved = localStorage.getItem('kw-' + id);
    if (saved !== null) box.checked = saved === '1';
    box.addEventListener('change', () => {
      localStorage.setItem('kw-' + id, box.checked ? '1' : '0');
      redrawOverlays();
    });
  }
  const zoom = $('zoom');
  zoom.value = localStorage.getItem('kw-zoom') || zoom.value;
  const applyZoom = () => document.documentElement.style.setProperty('--card-w', zoom.value + 'px');
  let pending = false;
  zoom.addEventListener('input', () => {
    localStorage.setItem('kw-zoom', zoom.value);
    applyZoom();
    if (!pending && $('show-boxes').checked) {
      pending = true;
      requestAnimationFrame(() => { pending = false; redrawOverlays(); });
    }
  });
  applyZoom();
  for (const [id, key] of [['game', 'game'], ['lang', 'lang'], ['variant', 'variant']])
    $(id).addEventListener('change', (e) => switchTo(key, e.target.value));
  const box = $('lightbox');
  box.querySelector('.close').addEventListener('click', closeCard);
  for (const input of box.querySelectorAll('.props input, .props select'))
    input.addEventListener('change', () => writeProp(input));
  box.querySelector('.props').addEventListener('submit', (e) => e.preventDefault());
  for (const kind of ['dup', 'blank', 'earlier', 'later', 'del'])
    box.querySelector('.card-tools .' + kind).addEventListener('click', () => cardAction(kind));
  box.querySelector('.prev').addEventListener('click', () => stepCard(-1));
  box.querySelector('.next').addEventListener('click', () => stepCard(1));
  // A click outside the panel, the header and the cards closes it.
  document.addEventListener('click', (e) => {
    if (openStem && !e.target.closest('#lightbox, header, .frame, #problems')) closeCard();
  });
  document.addEventListener('keydown', (e) => {
    if (!openStem) return;
    if (e.key === 'Escape' && selected) {
      selected = null;
      fitCard();
    } else if (e.key === 'Escape') closeCard();
    else if (e.key.startsWith('Arrow') && selected && !e.target.matches('input, select, textarea') && nudge(e))
      e.preventDefault();
    else if ((e.key === 'ArrowLeft' || e.key === 'ArrowRight') && !e.target.matches('input, select, textarea')
        && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      stepCard(e.key === 'ArrowLeft' ? -1 : 1);
    }
  });
  // The panel sits under the header, whatever its height; the card fits the panel.
  const header = document.querySelector('header');
  new ResizeObserver(() => {
    document.documentElement.style.setProperty('--header-h', header.offsetHeight + 'px');
    fitCard();
  }).observe(header);
  new ResizeObserver(() => fitCard()).observe(box.querySelector('.stage'));
  if (token) {
    document.querySelector('.edit-tools').hidden = false;
    $('undo').addEventListener('click', () => undoRedo('undo'));
    $('redo').addEventListener('click', () => undoRedo('redo'));
    document.addEventListener('keydown', (e) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z' || e.target.isContentEditable
          || e.target.matches('input, textarea')) return;
      e.preventDefault();
      undoRedo(e.shiftKey ? 'redo' : 'undo');
    });
  }
  document.querySelector('.changes-tools').addEventListener('submit', (e) => {
    e.preventDefault();
    showChanges($('since').value.trim() || 'HEAD');
  });
  // The last build (its manifest's card records: kartenwerk diff --since-build).
  $('show-build-changes').addEventListener('click', () => {
    $('since').value = 'last build';
    showChanges('last build');
  });
  $('changes-close').addEventListener('click', closeChanges);
  for (const r of document.querySelectorAll('input[name="changes-mode"]')) r.addEventListener('change', blinkMode);
  refresh().then(() => {
    follow();
    if (params.get('since')) {
      $('since').value = params.get('since');
      showChanges(params.get('since'));
    }
  });
}

setup();
