// The studio page: shows the state /api/state gives, and follows /events.
// On a change only the <img> whose fingerprint changed gets a new src, so
// the page keeps its scroll position, zoom and open card.
'use strict';

const SVG = 'http://www.w3.org/2000/svg';
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let current = null;  // the state shown
let openStem = null; // the card in the lightbox

function query(over = {}) {
  const q = new URLSearchParams();
  for (const k of ['game', 'lang', 'variant']) {
    const v = over[k] ?? params.get(k);
    if (v) q.set(k, v);
  }
  return q.toString();
}

async function fetchState() {
  const res = await fetch('/api/state?' + query());
  if (!res.ok) throw new Error(await res.text());
  return res.json();
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

// The overlay in page millimetres: the bleed masked when hidden, the trim
// line, the safe area, the layout's element boxes with their names.
function overlay(card) {
  const { w, h } = card.size;
  const svg = el('svg', { viewBox: `0 0 ${w} ${h}`, preserveAspectRatio: 'none' });
  const t = card.trim;
  if (!$('show-bleed').checked) {
    const d = `M0 0H${w}V${h}H0Z M${t.x} ${t.y}V${t.y + t.h}H${t.x + t.w}V${t.y}Z`;
    svg.append(el('path', { class: 'bleed-mask', d, 'fill-rule': 'evenodd' }));
  }
  if ($('show-trim').checked) svg.append(rect(t, 'trim'));
  if ($('show-safe').checked) svg.append(rect(card.safe, 'safe'));
  if ($('show-boxes').checked)
    for (const b of card.boxes) {
      const g = el('g', { class: 'box' }, rect(b, ''));
      g.append(el('text', { x: b.x + 0.4, y: b.y + 1.8 }, b.name));
      svg.append(g);
    }
  return svg;
}

function badges(card) {
  const span = el('span', { class: 'badges' });
  for (const b of card.badges)
    span.append(el('span', { class: `badge ${b.kind}${b.error ? ' error' : ''}`, title: b.message }, b.kind));
  return span;
}

function caption(card) {
  return el('figcaption', {}, el('span', { class: 'label' }, card.label),
    el('span', { class: 'stem' }, card.stem), badges(card));
}

function cardFigure(card) {
  const img = el('img', { class: 'card-img', src: card.url, alt: card.label, title: card.label,
    width: card.width_px, height: card.height_px });
  const frame = el('div', { class: 'frame' }, img, overlay(card));
  frame.addEventListener('click', () => openCard(card.stem));
  const fig = el('figure', { class: 'card', 'data-stem': card.stem, 'data-fingerprint': card.fingerprint },
    frame, caption(card));
  fig.classList.toggle('overflow', card.badges.some((b) => b.kind === 'overflow'));
  return fig;
}

function buildGrid(state) {
  const grid = $('grid');
  grid.replaceChildren();
  const decks = new Map();
  for (const c of state.cards) {
    const name = c.deck || 'backs';
    if (!decks.has(name)) decks.set(name, []);
    decks.get(name).push(c);
  }
  for (const [name, cards] of decks)
    grid.append(el('section', { class: 'deck', 'data-deck': name }, el('h2', {}, `${name} (${cards.length})`),
      el('div', { class: 'cards' }, ...cards.map(cardFigure))));
}

// Same cards as shown: change what differs, in place.
function updateGrid(state) {
  for (const c of state.cards) {
    const fig = document.querySelector(`figure[data-stem="${CSS.escape(c.stem)}"]`);
    const img = fig.querySelector('img');
    if (fig.dataset.fingerprint !== c.fingerprint) {
      img.src = c.url;
      img.alt = img.title = c.label;
      fig.dataset.fingerprint = c.fingerprint;
    }
    fig.querySelector('svg').replaceWith(overlay(c));
    fig.querySelector('figcaption').replaceWith(caption(c));
    fig.classList.toggle('overflow', c.badges.some((b) => b.kind === 'overflow'));
  }
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
  $('game-name').textContent = state.game_name ? `· ${state.game_name}` : '';
}

function show(state) {
  if (sameCards(current, state)) updateGrid(state);
  else buildGrid(state);
  current = state;
  showProblems(state);
  showSwitches(state);
  $('status').textContent = `${state.cards.length} cards · reload ${state.generation}`;
  if (openStem) openCard(openStem);
}

async function refresh() {
  try {
    show(await fetchState());
  } catch (e) {
    $('status').textContent = String(e);
  }
}

function openCard(stem) {
  const card = current && current.cards.find((c) => c.stem === stem);
  const box = $('lightbox');
  if (!card) return closeCard();
  openStem = stem;
  const large = box.querySelector('.large');
  const img = large.querySelector('img');
  if (!img || img.getAttribute('src') !== card.url)
    large.replaceChildren(el('img', { src: card.url, alt: card.label, width: card.width_px, height: card.height_px }));
  large.querySelector('svg')?.remove();
  large.append(overlay(card));
  box.querySelector('.caption').replaceChildren(caption(card));
  box.hidden = false;
}

function closeCard() {
  openStem = null;
  $('lightbox').hidden = true;
}

function follow() {
  const events = new EventSource('/events');
  events.addEventListener('open', refresh);  // whatever happened while disconnected
  events.addEventListener('change', (e) => {
    const c = JSON.parse(e.data);
    if (current && c.game === current.game && c.lang === current.lang && c.variant === current.variant) refresh();
  });
}

function switchTo(key, value) {
  if (value) params.set(key, value);
  else params.delete(key);
  if (key === 'game') params.delete('variant');
  history.replaceState(null, '', '?' + params.toString());
  current = null;
  closeCard();
  refresh();
}

function setup() {
  for (const id of ['show-trim', 'show-bleed', 'show-safe', 'show-boxes']) {
    const box = $(id);
    const saved = localStorage.getItem('kw-' + id);
    if (saved !== null) box.checked = saved === '1';
    box.addEventListener('change', () => {
      localStorage.setItem('kw-' + id, box.checked ? '1' : '0');
      if (current) updateGrid(current);
      if (openStem) openCard(openStem);
    });
  }
  const zoom = $('zoom');
  zoom.value = localStorage.getItem('kw-zoom') || zoom.value;
  const applyZoom = () => document.documentElement.style.setProperty('--card-w', zoom.value + 'px');
  zoom.addEventListener('input', () => { localStorage.setItem('kw-zoom', zoom.value); applyZoom(); });
  applyZoom();
  for (const [id, key] of [['game', 'game'], ['lang', 'lang'], ['variant', 'variant']])
    $(id).addEventListener('change', (e) => switchTo(key, e.target.value));
  $('lightbox').addEventListener('click', closeCard);
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape') closeCard(); });
  refresh().then(follow);
}

setup();
