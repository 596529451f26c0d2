// `node bench/profile-summary.mjs <file.cpuprofile> [--top N] [--last S]`: where a V8 CPU profile (`node
// --cpu-prof`, e.g. from `npm run bench:load -- --cpu-prof`) spent its time — self time by package or source
// folder, by function, and the inclusive time of our own code's functions (what they cost with everything they
// call). --last S: only the profile's last S seconds (the load runs, without the seeding before them).
import { readFileSync } from 'node:fs';

const [file, ...rest] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/profile-summary.mjs <file.cpuprofile> [--top N]');
const option = (name, fallback) => {
  const at = rest.indexOf(name);
  return at === -1 ? fallback : Number(rest[at + 1]);
};
const top = option('--top', 25);
const lastMs = option('--last', Number.POSITIVE_INFINITY) * 1000;
const profile = JSON.parse(readFileSync(file, 'utf8'));

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parents = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
// Self time per node: the samples' time deltas attributed to the sampled node.
const self = new Map();
const sampledMs = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0) / 1000;
let atMs = 0;
for (const [i, id] of profile.samples.entries()) {
  const deltaMs = (profile.timeDeltas[i] ?? 0) / 1000;
  atMs += deltaMs;
  if (sampledMs - atMs < lastMs) self.set(id, (self.get(id) ?? 0) + deltaMs);
}
const total = [...self.values()].reduce((sum, value) => sum + value, 0);

/** A node's package (node_modules/<name>), our source folder, node's internals or V8's own work. */
function placeOf(node) {
  const url = node.callFrame.url;
  if (!url) return node.callFrame.functionName ? `(${node.callFrame.functionName})` : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1];
  if (url.startsWith('node:')) return 'node:internal';
  const ours = /\/(apps\/[^/]+\/src\/[^/]+(?:\/[^/]+)?|packages\/[^/]+\/src)\//.exec(url);
  return ours ? ours[1] : url.replace(/^file:\/\//, '');
}
const label = (node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url ? `${url.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`;
};

function table(title, map, limit) {
  console.log(`\n${title}`);
  const rows = [...map].sort((a, b) => b[1] - a[1]).slice(0, limit);
  for (const [name, ms] of rows)
    console.log(`${((100 * ms) / total).toFixed(1).padStart(6)} %  ${ms.toFixed(0).padStart(7)} ms  ${name}`);
}

const byPlace = new Map();
const byFunction = new Map();
for (const [id, ms] of self) {
  const node = nodes.get(id);
  byPlace.set(placeOf(node), (byPlace.get(placeOf(node)) ?? 0) + ms);
  byFunction.set(label(node), (byFunction.get(label(node)) ?? 0) + ms);
}
// Inclusive time of our own functions (apps/, packages/): each sample counts once per function on its stack.
const inclusive = new Map();
for (const [id, ms] of self) {
  const seen = new Set();
  for (let at = id; at !== undefined; at = parents.get(at)) {
    const node = nodes.get(at);
    if (!/\/(apps|packages)\//.test(node.callFrame.url) || /node_modules/.test(node.callFrame.url)) continue;
    const name = label(node);
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
  }
}
console.log(`${file}: ${(total / 1000).toFixed(1)} s sampled`);
table('Self time by place', byPlace, top);
table('Self time by function', byFunction, top);
table('Inclusive time of our own functions', inclusive, top);
