// The studio's own work for a one-card edit, in CPU seconds (user + system
// of the `kartenwerk serve` process, from /proc), which hold when the
// machine is busy where wall times do not: from writing a card's name into
// the YAML to the reload that follows it finished (its card laid out and
// rendered; /api/state's generation counted up), for Palantír and for its
// playing cards repeated (bench/studio.mjs's enlarged deck). No browser.
//   node bench/studio_reload.mjs [kartenwerk binary] [source dir] [runs] [times]
import fs from 'node:fs';
import path from 'node:path';
import { copyProject, enlargePalantir, median, startServer } from '../tests/studio/studio_page.mjs';

const [binary = 'build/kartenwerk', sourceDir = '.', runsArg = '5', timesArg = '1,6,20'] = process.argv.slice(2);
const runs = Number(runsArg);
const ticks = 100;  // USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s on Linux

function cpuSeconds(pid) {
  // Fields after the command's parenthesis: utime is the 14th, stime the 15th of the line.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticks;
}

async function generation(url) {
  return (await (await fetch(new URL('/api/state', url))).json()).generation;
}

async function measure(times) {
  const root = copyProject(sourceDir);
  const file = path.join(root, 'data/games/palantir.yaml');
  const base = enlargePalantir(fs.readFileSync(file, 'utf8'), times);
  fs.writeFileSync(file, base);
  const server = startServer(binary, root, ['--game', 'palantir']);
  try {
    const url = await server.url;
    const state = await (await fetch(new URL('/api/state', url))).json();
    const cpu = [], wall = [];
    for (let i = 1; i <= runs; ++i) {
      const before = await generation(url);
      const cpu0 = cpuSeconds(server.child.pid), since = performance.now();
      fs.writeFileSync(file, base.replace('good: { name: Pippin }', `good: { name: Pippin ${i} }`));
      while ((await generation(url)) === before) await new Promise((r) => setTimeout(r, 5));
      wall.push((performance.now() - since) / 1000);
      cpu.push(cpuSeconds(server.child.pid) - cpu0);
    }
    const label = times === 1 ? 'palantir' : `palantir x${times}`;
    const f = (xs) => `median ${median(xs).toFixed(2)} s (min ${Math.min(...xs).toFixed(2)}, max ${Math.max(...xs).toFixed(2)})`;
    console.log(`${label.padEnd(14)} ${String(state.cards.length).padStart(5)} cards  one-card edit -> reload done: ` +
      `CPU ${f(cpu)}, wall ${f(wall)}, ${runs} runs`);
  } finally {
    server.child.kill();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

for (const times of timesArg.split(',').map(Number)) await measure(times);
