// What the packages say about themselves, checked (part of `npm test`):
// - every library names its licence, repository (with its folder), homepage and issue tracker;
// - versions follow docs/versioning.md: the switcher on the widget's 2.255 line, only ever
//   bumped by a patch in a changeset, the other libraries on 0.x;
// - a release agrees with itself: each version heads its CHANGELOG.md, the libraries ask each
//   other for the versions they are, and each README links to the docs of its version's tag;
// - the Node.js the repository says it installs on (root `engines`, and the README) is what the
//   locked dependencies ask for: every one accepts it, and none asks for more than its floor.
// Exits 1 naming each problem.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { compare, parse, satisfies, versionsIn } from './node-range.mjs';
import { libraries } from './workspaces.mjs';

const root = resolve(import.meta.dirname, '..');
const json = (file) => JSON.parse(readFileSync(join(root, file), 'utf8'));
const problems = [];
const SWITCHER = '@ics/service-switcher';

const packages = libraries.map((dir) => ({ dir, pkg: json(`${dir}/package.json`) }));
const licences = new Set(packages.map(({ pkg }) => pkg.license));
for (const { dir, pkg } of packages) {
  if (!pkg.license) problems.push(`${pkg.name}: no "license"`);
  if (!pkg.repository?.url || pkg.repository.directory !== dir)
    problems.push(`${pkg.name}: "repository" must name the repository and "directory": "${dir}"`);
  if (!pkg.homepage?.includes(dir)) problems.push(`${pkg.name}: "homepage" must lead to ${dir}`);
  if (!pkg.bugs?.url) problems.push(`${pkg.name}: no "bugs" address`);
  const [major, minor, patch] = pkg.version.split('.').map(Number);
  if (pkg.name === SWITCHER) {
    if (major !== 2 || minor !== 255 || patch < 9)
      problems.push(`${SWITCHER} ${pkg.version} left the widget's 2.255 line (docs/versioning.md)`);
  } else if (major !== 0) {
    problems.push(`${pkg.name} ${pkg.version} is past 0.x: update docs/versioning.md first`);
  }
}
if (licences.size !== 1) problems.push(`the libraries name different licences: ${[...licences]}`);

// A release (docs/versioning.md): each version has its changelog section, first; the packages
// that depend on one ask for the version it is; the README leads to the docs of that version
// (the tag `changeset tag` makes, `<name>@<version>`).
const versions = new Map(packages.map(({ pkg }) => [pkg.name, pkg.version]));
for (const { dir, pkg } of packages) {
  if (!pkg.files?.includes('CHANGELOG.md'))
    problems.push(`${pkg.name}: "files" must name CHANGELOG.md, so the installed package has it`);
  const changelog = readFileSync(join(root, dir, 'CHANGELOG.md'), 'utf8');
  const first = /^## (.+)$/m.exec(changelog)?.[1];
  if (first !== pkg.version)
    problems.push(
      `${dir}/CHANGELOG.md: the first section must be ${pkg.version}, the version of package.json (it is ${first ?? 'missing'})`,
    );
  for (const field of ['dependencies', 'peerDependencies', 'devDependencies'])
    for (const [name, range] of Object.entries(pkg[field] ?? {}))
      if (versions.has(name) && !satisfies(parse(versions.get(name)), range))
        problems.push(
          `${pkg.name}'s ${field} asks for ${name} ${range}, which is ${versions.get(name)}`,
        );
  const tag = `${pkg.name}@${pkg.version}`;
  const readme = readFileSync(join(root, dir, 'README.md'), 'utf8');
  const refs = [
    ...readme.matchAll(/github\.com\/[^/\s]+\/[^/\s]+\/(?:blob|tree)\/(\S+?)\/docs\//g),
  ];
  if (refs.length === 0) problems.push(`${dir}/README.md links to no guide of docs/`);
  for (const [, ref] of refs)
    if (ref !== tag)
      problems.push(
        `${dir}/README.md links to the docs at ${ref}, not at this version's tag ${tag}`,
      );
}

// Changesets: the front matter's `'<package>': <bump>` lines.
for (const file of readdirSync(join(root, '.changeset')).filter((f) => f.endsWith('.md'))) {
  const text = readFileSync(join(root, '.changeset', file), 'utf8');
  const front = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
  const bump = new RegExp(`^['"]?${SWITCHER}['"]?:\\s*(\\w+)`, 'm').exec(front)?.[1];
  if (bump && bump !== 'patch')
    problems.push(
      `.changeset/${file}: the switcher takes patch bumps only (docs/versioning.md), not ${bump}`,
    );
}

// Node.js: the root's range against every locked package's `engines.node`.
const stated = json('package.json').engines?.node ?? '';
const ranges = new Map();
for (const [path, entry] of Object.entries(json('package-lock.json').packages))
  if (path.startsWith('node_modules/') && typeof entry.engines?.node === 'string')
    ranges.set(entry.engines.node, path.slice('node_modules/'.length));
// Every version a range names is a boundary; checking them (and the one after each) is enough.
const boundaries = [...new Set([...ranges.keys(), stated].flatMap(versionsIn))].flatMap((v) => [
  v,
  [v[0], v[1], v[2] + 1],
]);
const accepted = (v) => [...ranges.keys()].every((range) => satisfies(v, range));
const floor = boundaries.filter(accepted).sort(compare)[0];
for (const v of boundaries.filter((v) => satisfies(v, stated)).sort(compare)) {
  const refusing = [...ranges].filter(([range]) => !satisfies(v, range));
  if (refusing.length > 0)
    problems.push(
      `engines.node "${stated}" admits ${v.join('.')}, which ${refusing.length} locked packages refuse, e.g. ${refusing[0][1]} (${refusing[0][0]})`,
    );
}
if (floor && !satisfies(floor, stated))
  problems.push(
    `engines.node "${stated}" refuses ${floor.join('.')}, the lowest every dependency accepts`,
  );
if (!readFileSync(join(root, 'README.md'), 'utf8').includes(`\`${stated}\``))
  problems.push(`README.md does not state the Node.js range of engines.node, \`${stated}\``);

for (const problem of problems) console.error(`✗ ${problem}`);
if (problems.length > 0) process.exit(1);
console.log(
  `${packages.length} libraries say what they are; Node.js ${stated} meets all ${ranges.size} distinct engines.node ranges of the locked packages (lowest: ${floor?.join('.')}).`,
);
