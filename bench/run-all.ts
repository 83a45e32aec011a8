/**
 * One command for the whole scale proof (docs/decisions/scale-proof-figures.md): `npm run bench`.
 *
 * Runs every benchmark one after the other, each in its own process (so each api and web process
 * it starts is measured alone), on PostgreSQL and PGlite side by side as each benchmark does:
 * data set build, search and autocomplete, pages rendered by the web server, cart sync and
 * checkout, dashboard, placing an order and sign-in → dashboard (PostgreSQL only), staff back
 * office and its product searches, sign-in under a password-hashing flood, two apis and two
 * webs behind a proxy, Lighthouse.
 * Everything printed goes to the terminal and to `bench/out/run-<timestamp>.log`; the end repeats
 * every line that says whether a target is met or missed, and how long each step took (s).
 *
 * Env: BENCH_ONLY=search,cart (steps to run, by name), BENCH_SKIP=lighthouse (steps to leave out);
 * every other variable reaches the benchmarks (see each file's docstring).
 * Exit code: 1 when a step failed (crashed or exited ≠ 0), else 0 — a missed target is a figure,
 * not a failure.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.ts';

/** A step: its name (for BENCH_ONLY / BENCH_SKIP), its script and its arguments. */
interface Step {
  name: string;
  file: string;
  args?: string[];
}

const STEPS: Step[] = [
  { name: 'dataset', file: 'bench/dataset.ts', args: ['--engine', 'both'] },
  { name: 'search', file: 'bench/search.bench.ts' },
  { name: 'pages', file: 'bench/pages.bench.ts' },
  { name: 'cart', file: 'bench/cart.bench.ts' },
  { name: 'dashboard', file: 'bench/dashboard.bench.ts' },
  { name: 'checkout', file: 'bench/checkout.bench.ts' },
  { name: 'staff', file: 'bench/staff.bench.ts' },
  { name: 'staff-search', file: 'bench/staff-search.bench.ts' },
  { name: 'argon2', file: 'bench/argon2.bench.ts' },
  { name: 'cluster', file: 'bench/cluster.bench.ts' },
  { name: 'lighthouse', file: 'bench/lighthouse.ts' },
];

const list = (value: string | undefined): string[] | null =>
  value ? value.split(',').map((s) => s.trim()) : null;

/** Lines worth repeating at the end: a target verdict. */
const VERDICT = /\b(met|missed|MET|MISSED)\b/;

async function runStep(step: Step, log: NodeJS.WritableStream, verdicts: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', step.file, ...(step.args ?? [])], {
      cwd: ROOT,
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let pending = '';
    const onData = (chunk: Buffer, out: NodeJS.WritableStream): void => {
      out.write(chunk);
      log.write(chunk);
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (VERDICT.test(line)) verdicts.push(`[${step.name}] ${line.trim()}`);
    };
    child.stdout.on('data', (c: Buffer) => onData(c, process.stdout));
    child.stderr.on('data', (c: Buffer) => onData(c, process.stderr));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<void> {
  const only = list(process.env.BENCH_ONLY);
  const skip = list(process.env.BENCH_SKIP) ?? [];
  const steps = STEPS.filter((s) => (only ? only.includes(s.name) : true) && !skip.includes(s.name));
  const outDir = path.join(ROOT, 'bench/out');
  mkdirSync(outDir, { recursive: true });
  const logPath = path.join(outDir, `run-${new Date().toISOString().replace(/[:.]/g, '-')}.log`);
  const log = createWriteStream(logPath);
  const verdicts: string[] = [];
  const done: { name: string; code: number; seconds: number }[] = [];
  for (const step of steps) {
    const banner = `\n===== ${step.name} (${step.file}) =====\n`;
    process.stdout.write(banner);
    log.write(banner);
    const started = Date.now();
    const code = await runStep(step, log, verdicts);
    done.push({ name: step.name, code, seconds: Math.round((Date.now() - started) / 1000) });
  }
  const summary = [
    '\n===== summary =====',
    ...done.map((d) => `${d.name.padEnd(12)} exit ${d.code}  ${d.seconds} s`),
    '',
    ...verdicts,
    '',
    `log: ${path.relative(ROOT, logPath)}`,
    '',
  ].join('\n');
  process.stdout.write(summary);
  log.end(summary);
  process.exitCode = done.some((d) => d.code !== 0) ? 1 : 0;
}

await main();
