// The studio's latency for edits made on the page (real Chromium), as a
// designer sees them: a text typed into a card's text box -> that card's new
// image loaded (the page writes after a 250 ms pause in typing, included);
// a keystroke in that text box -> the page shows whether the text fits
// (typeset only, /api/fit; timed in the page from the input event);
// an element dragged on the large card and dropped -> the new image of every
// card of that layout loaded. Runs `kartenwerk serve` on a copy of the
// project, for Palantír and for ~300 cards (bench/studio.mjs's enlarged deck).
//   node bench/studio_edit.mjs [kartenwerk binary] [source dir] [runs] [times]
import fs from 'node:fs';
import path from 'node:path';
import { allImagesLoaded, copyProject, enlargePalantir, imageSources, launchBrowser, median, playwrightOrExit,
  startServer, waitForNewImages } from '../tests/studio/studio_page.mjs';

const [binary = 'build/kartenwerk', sourceDir = '.', runsArg = '5', timesArg = '1,6'] = process.argv.slice(2);
const runs = Number(runsArg);
const playwright = playwrightOrExit(path.resolve(sourceDir), { test: false });

const fmt = (xs) => `median ${(median(xs) / 1000).toFixed(3)} s  (min ${(Math.min(...xs) / 1000).toFixed(3)}, ` +
  `max ${(Math.max(...xs) / 1000).toFixed(3)}, ${xs.length} runs)`;

async function measure(times) {
  const root = copyProject(sourceDir);
  const file = path.join(root, 'data/games/palantir.yaml');
  fs.writeFileSync(file, enlargePalantir(fs.readFileSync(file, 'utf8'), times));
  const server = startServer(binary, root, ['--game', 'palantir']);
  const browser = await launchBrowser(playwright);
  const label = times === 1 ? 'palantir' : `palantir x${times} (~${times * 48})`;
  try {
    const url = await server.url;
    const page = await browser.context.newPage();
    const state = await (await fetch(new URL('/api/state', url))).json();
    await page.goto(url);
    await allImagesLoaded(page, state.cards.length, 600000);
    const hobbit = state.cards.find((c) => c.card_id === 'gondor-hobbit-1');
    const copies = state.cards.filter((c) => /^gondor-hobbit-\d+$/.test(c.card_id)).map((c) => c.stem);
    const playing = state.cards.filter((c) => c.deck === 'playing').map((c) => c.stem);
    await page.check('#show-boxes');
    await page.click(`figure[data-stem="${hobbit.stem}"] .frame`);
    const area = page.locator('#lightbox .texts label[data-path="good.name"] textarea');
    await area.waitFor();
    // Keystrokes at a typist's pace (80 ms apart): each one's fit answer.
    await area.fill('');
    await page.evaluate(() => { window.fitTimes.length = 0; });
    await area.pressSequentially('Peregrin Tuk von Buckland', { delay: 80 });
    await page.waitForFunction((n) => window.fitTimes.length >= n, 20, { timeout: 60000 });
    const fits = await page.evaluate(() => window.fitTimes.slice());
    const ms = (xs) => `median ${median(xs).toFixed(1)} ms  (min ${Math.min(...xs).toFixed(1)}, ` +
      `max ${Math.max(...xs).toFixed(1)}, ${xs.length} keystrokes)`;
    console.log(`${label.padEnd(22)} keystroke -> fit shown (typeset only): ${ms(fits)}`);
    const typed = [];
    for (let i = 1; i <= runs; ++i) {
      const before = await imageSources(page);
      const since = performance.now();
      await area.fill(`Pippin ${i}`);
      typed.push(await waitForNewImages(page, copies, before, since, 60000));
    }
    console.log(`${label.padEnd(22)} text typed -> its card's new image loaded (incl. 250 ms pause): ${fmt(typed)}`);
    const dropped = [];
    for (let i = 1; i <= runs; ++i) {
      const handle = page.locator('#lightbox .handle[data-name="divider"]');
      await page.waitForFunction(() => document.querySelector('#lightbox .handle[data-name="divider"]'));
      const r = await handle.boundingBox();
      await page.mouse.move(r.x + r.width / 2, r.y + r.height / 2);
      await page.mouse.down();
      await page.mouse.move(r.x + r.width / 2 + (i % 2 ? 12 : -12), r.y + r.height / 2, { steps: 3 });
      const before = await imageSources(page);
      const since = performance.now();
      await page.mouse.up();
      dropped.push(await waitForNewImages(page, playing, before, since, 120000));
    }
    console.log(`${label.padEnd(22)} element dropped -> all ${playing.length} cards' new images loaded: ${fmt(dropped)}`);
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    fs.rmSync(root, { recursive: true, force: true });
  }
}

for (const times of timesArg.split(',').map(Number)) await measure(times);
