import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The repository cites only its own documents: docs/product/… (the requirements) and
 * docs/decisions/… (the decision records). This test fails, naming file:line, on a citation of a
 * document kept outside the repository, and on a docs/product or docs/decisions reference whose
 * file or heading anchor does not exist.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Built from parts so that this file does not match its own patterns.
const OUTSIDE = [
  { what: 'a spec section', re: new RegExp('\\b[Ss]' + 'pec [0-9]') },
  { what: 'an issue', re: new RegExp('\\b[Ii]' + 'ssues? #?[0-9]') },
  { what: 'a design document', re: new RegExp('\\b' + 'DES' + 'IGN\\b') },
  { what: 'the shared folder', re: new RegExp('\\.\\./' + 'shared') },
];

/** Repository references: docs/product/<file>.md or docs/decisions/<file>.md, with an optional #anchor. */
const REFERENCE = /\bdocs\/(product|decisions)\/([\w.-]+\.md)(#[\w-]+)?/g;
/** Relative markdown links between the requirement documents: [text](prices.md#net-price). */
const RELATIVE_LINK = /\]\(([\w.-]+\.md)(#[\w-]+)?\)/g;

/** GitHub anchors of the headings of a markdown text (outside code fences), duplicates numbered. */
export function headingSlugs(markdown) {
  const slugs = new Set();
  const seen = new Map();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const m = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = m[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    slugs.add(n ? `${base}-${n}` : base);
  }
  return slugs;
}

/**
 * Problems of one file's text: citations of outside documents, and references to a missing
 * file or heading. `readDoc(repoPath)` returns a document's text, or undefined when it is missing.
 */
export function citationProblems(file, text, readDoc) {
  const problems = [];
  const lines = text.split('\n');
  const checkRef = (line, target, anchor) => {
    const doc = readDoc(target);
    if (doc === undefined) problems.push(`${file}:${line}: ${target} does not exist`);
    else if (anchor && !headingSlugs(doc).has(anchor.slice(1)))
      problems.push(`${file}:${line}: ${target}${anchor} names no heading of ${target}`);
  };
  lines.forEach((content, i) => {
    const line = i + 1;
    for (const { what, re } of OUTSIDE) {
      if (re.test(content)) problems.push(`${file}:${line}: cites ${what} outside the repository`);
    }
    for (const m of content.matchAll(REFERENCE)) checkRef(line, `docs/${m[1]}/${m[2]}`, m[3]);
    if (file.startsWith('docs/product/')) {
      for (const m of content.matchAll(RELATIVE_LINK)) checkRef(line, `docs/product/${m[1]}`, m[2]);
    }
  });
  return problems;
}

/** This file: its examples are bad citations on purpose. */
const SELF = 'scripts/citations.test.mjs';

/** Tracked text files of the repository (binary files, package-lock.json and this file left out). */
function trackedTextFiles() {
  const names = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && f !== SELF && f !== 'package-lock.json' && !f.endsWith('/package-lock.json'));
  const files = [];
  for (const name of names) {
    const full = path.join(ROOT, name);
    if (!existsSync(full)) continue; // deleted in the working tree, not yet committed
    const bytes = readFileSync(full);
    if (bytes.includes(0)) continue;
    files.push([name, bytes.toString('utf8')]);
  }
  return files;
}

function readRepoDoc(repoPath) {
  const full = path.join(ROOT, repoPath);
  return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
}

describe('citations', () => {
  it('finds outside citations and broken references in a text', () => {
    const docs = { 'docs/product/prices.md': '# Prices\n\n## Net price\n\n## Net price\n' };
    const read = (p) => docs[p];
    const text = [
      'ok: docs/product/prices.md#net-price and docs/product/prices.md#net-price-1',
      'bad: (' + 'sp' + 'ec 9 Pricing)',
      'bad: ' + 'Is' + 'sue 7 "Scale"',
      'bad: ' + 'DES' + 'IGN "Money"',
      'bad: ' + '..' + '/shared/spec.md',
      'bad: docs/product/nowhere.md and docs/decisions/nothing.md',
      'bad: docs/product/prices.md#gross',
    ].join('\n');
    expect(citationProblems('a.ts', text, read)).toEqual([
      'a.ts:2: cites a spec section outside the repository',
      'a.ts:3: cites an issue outside the repository',
      'a.ts:4: cites a design document outside the repository',
      'a.ts:5: cites the shared folder outside the repository',
      'a.ts:6: docs/product/nowhere.md does not exist',
      'a.ts:6: docs/decisions/nothing.md does not exist',
      'a.ts:7: docs/product/prices.md#gross names no heading of docs/product/prices.md',
    ]);
    expect(citationProblems('docs/product/x.md', 'see [prices](prices.md#gross)', read)).toEqual([
      'docs/product/x.md:1: docs/product/prices.md#gross names no heading of docs/product/prices.md',
    ]);
  });

  it('the tracked files cite only existing repository documents and headings', () => {
    const problems = trackedTextFiles().flatMap(([name, text]) => citationProblems(name, text, readRepoDoc));
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
