// The studio's latency for edits made on the page (real Chromium), as a
// designer sees them: a text typed into a card's text box -> that card's new
// image loaded (the page writes after a 250 ms pause in typing, included),
// and from the edit sent (after the pause) -> the new image loaded and ->
// the page showing the new state (with the bytes of /api/state it fetched);
// a keystroke in that text box -> the page shows whether the text fits
// (typeset only, /api/fit; timed in the page from the input event);
// an element dragged on the large card and dropped -> the new image of every
// card of that layout loaded. Runs `kartenwerk serve` on a copy of the
// project, for Palantír and for ~300 cards (bench/studio.mjs's enlarged deck).
//   node bench/studio_edit.mjs [kartenwerk binary] [source dir] [runs] [times]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allImagesLoaded, copyProject, enlargePalantir, imageSources, launchBrowser, median, nearStems,
  playwrightOrExit, startServer, waitForNewImages } from '../tests/studio/studio_page.mjs';

const [binary = 'build/kartenwerk', sourceDir = '.', runsArg = '5', timesArg = '1,6'] = process.argv.slice(2);
const runs = Number(runsArg);
const playwright = playwrightOrExit(path.resolve(sourceDir), { test: false });

const ticks = 100;  // USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s on Linux
function cpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticks;
}

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
    // The first preflight of every card (about 10 s at 5,000 cards) runs
    // after the images came: edits timed while it runs would time it too,
    // and each state the page read would carry every card whose badges it
    // had just set (megabytes, not the edit's few kilobytes).
    // A card that failed to lay out is never judged: then the bench goes on
    // after two minutes, and says so.
    await page.waitForFunction(() => current?.cards.every((c) => c.preflighted), null, { timeout: 120000 })
      .catch(() => console.log(`${times}: not every card was judged by preflight after 120 s; timing anyway`));
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
    const typing = 'Peregrin Tuk von Buckland';
    await area.pressSequentially(typing, { delay: 80 });
    // Until the last keystroke is answered (keystrokes made while the page
    // waits for an answer are asked as one: a busy page answers fewer).
    await page.waitForFunction(() => window.fitTimes.length > 0 && !fitting.busy && !fitting.next, null,
      { timeout: 60000 });
    const fits = await page.evaluate(() => window.fitTimes.slice());
    const ms = (xs) => `median ${median(xs).toFixed(1)} ms  (min ${Math.min(...xs).toFixed(1)}, ` +
      `max ${Math.max(...xs).toFixed(1)}, ${xs.length} answers to ${typing.length} keystrokes)`;
    console.log(`${label.padEnd(22)} keystroke -> fit shown (typeset only): ${ms(fits)}`);
    const typed = [], saved = [], stated = [], stateKB = [];
    const typedFrom = server.stderr().length;
    for (let i = 1; i <= runs; ++i) {
      const before = await imageSources(page);
      await page.evaluate(() => performance.clearResourceTimings());
      const since = performance.now();
      await area.fill(`Pippin ${i}`);
      typed.push(await waitForNewImages(page, copies, before, since, 60000));
      // In the page's clock, from the edit request's start: the new images
      // (waitForNewImages stamps when it saw them) and the state that
      // shows the card's new fingerprint.
      const t = await page.evaluate(async (stem) => {
        const fig = [...document.querySelectorAll('figure[data-stem]')].find((f) => f.dataset.stem === stem);
        while (current.cards.find((c) => c.stem === stem)?.fingerprint !== fig.dataset.fingerprint)
          await new Promise((r) => setTimeout(r, 5));
        const shownAt = performance.now();
        const rs = performance.getEntriesByType('resource');
        const edit = rs.filter((r) => new URL(r.name).pathname === '/api/edit').pop();
        const states = rs.filter((r) => new URL(r.name).pathname === '/api/state' && r.startTime >= edit.startTime);
        return { image: window.newImagesAt - edit.startTime, state: shownAt - edit.startTime,
          kb: states.reduce((a, r) => a + r.decodedBodySize, 0) / 1024 };
      }, hobbit.stem);
      saved.push(t.image);
      stated.push(t.state);
      stateKB.push(t.kb);
    }
    console.log(`${label.padEnd(22)} text typed -> its card's new image loaded (incl. 250 ms pause): ${fmt(typed)}`);
    console.log(`${label.padEnd(22)} edit sent -> its card's new image loaded: ${fmt(saved)}`);
    // Where the server's time went: its log's reload lines (phases, ms).
    const typedReloads = [...server.stderr().slice(typedFrom).matchAll(/reloaded .*? in (\d+) ms( \(.*?\))?/g)];
    if (typedReloads.length)
      console.log(`${''.padEnd(22)}   the server's reloads: ` + typedReloads.map((m) => `${m[1]} ms${m[2] || ''}`).join('; '));
    console.log(`${label.padEnd(22)} edit sent -> the page shows the new state: ${fmt(stated)}; /api/state read per ` +
      `edit: median ${median(stateKB).toFixed(1)} KB`);
    const shown = [];  // how many of the cards were on the screen (their images the page asks for)
    const dropped = [], phases = { edit: [], reload: [], state: [], first: [], images: [] }, cpu = [];
    const settled = () => page.waitForFunction(() => {
      const figs = new Map([...document.querySelectorAll('figure[data-stem]')].map((f) => [f.dataset.stem, f]));
      return current.cards.every((c) => figs.get(c.stem)?.dataset.fingerprint === c.fingerprint);
    }, null, { timeout: 60000 });
    for (let i = 1; i <= runs; ++i) {
      await settled();  // the drag starts from the state that came with the images (its boxes)
      const handle = page.locator('#lightbox .handle[data-name="divider"]');
      await page.waitForFunction(() => document.querySelector('#lightbox .handle[data-name="divider"]'));
      let r = null;  // the handle is drawn anew with each state: asked again until it is there
      for (let k = 0; k < 100 && !r; ++k) r = await handle.boundingBox();
      await page.mouse.move(r.x + r.width / 2, r.y + r.height / 2);
      await page.mouse.down();
      // Each drop to a new place (back and forth would find the images in the browser's cache).
      await page.mouse.move(r.x + r.width / 2 + 12, r.y + r.height / 2, { steps: 3 });
      const before = await imageSources(page);
      await page.evaluate(() => { performance.clearResourceTimings(); window.dropAt = performance.now(); });
      const cpu0 = cpuSeconds(server.child.pid);
      const logged = server.stderr().length;
      const since = performance.now();
      shown.push((await nearStems(page, playing)).length);
      await page.mouse.up();
      try {
        dropped.push(await waitForNewImages(page, playing, before, since, 20000));
      } catch (e) {
        console.log(await page.evaluate(({ stems, before }) => stems.map((s) => {
          const img = document.querySelector(`figure[data-stem="${CSS.escape(s)}"] img`);
          return [s, img.getAttribute('src') === before[s], img.complete, img.naturalWidth];
        }).filter((x) => x[1] || !x[2] || !x[3]), { stems: playing, before }));
        console.log(server.stderr().slice(-2000));
        throw e;
      }
      cpu.push(cpuSeconds(server.child.pid) - cpu0);
      const reloads = [...server.stderr().slice(logged).matchAll(/changed in (\d+) ms/g)].map((m) => Number(m[1]));
      phases.reload.push(reloads.reduce((a, b) => a + b, 0));
      // Where the time went, from the page's resource timings (ms after the drop).
      const t = await page.evaluate(() => {
        const rs = performance.getEntriesByType('resource').map((r) => ({ name: new URL(r.name).pathname,
          start: r.startTime - window.dropAt, end: r.responseEnd - window.dropAt }));
        const cards = rs.filter((r) => r.name.startsWith('/cards/'));
        return { edit: rs.find((r) => r.name === '/api/edit')?.end, state: rs.find((r) => r.name === '/api/state')?.end,
          first: Math.min(...cards.map((r) => r.start)), images: Math.max(...cards.map((r) => r.end)) };
      });
      for (const k of Object.keys(t)) phases[k].push(t[k]);
    }
    console.log(`${label.padEnd(22)} element dropped -> the new images of the ${median(shown)} of ${playing.length} ` +
      `changed cards on the screen loaded: ${fmt(dropped)}`);
    const ms0 = (xs) => {
      const finite = xs.filter((x) => Number.isFinite(x));
      return finite.length ? `${median(finite).toFixed(0)} ms` : 'n/a';
    };
    console.log(`${''.padEnd(22)}   after the drop (medians): edit answered ${ms0(phases.edit)}, the server's reload ` +
      `${ms0(phases.reload)} (its log), new state ` +
      `${ms0(phases.state)} (the reload done), first image asked ${ms0(phases.first)}, last image received ` +
      `${ms0(phases.images)}; the server's CPU ${median(cpu).toFixed(2)} s per drop; load average ${os.loadavg()[0].toFixed(2)}`);
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    fs.rmSync(root, { recursive: true, force: true });
  }
}

for (const times of timesArg.split(',').map(Number)) await measure(times);
