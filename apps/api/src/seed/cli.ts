/**
 * `npm run import` (repo root): opens the database (DATABASE_URL for a PostgreSQL server, else
 * PGlite in DATA_DIR, default <repo>/data/db), imports the catalogue and prints the report as
 * readable counts. Exit code 0 on success; 1 with a message naming the cause on failure.
 * Options: --force (re-import even when unchanged), --seed=<n>.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../db/client.ts';
import { importCatalogue, type ImportReport } from '../modules/catalog-import/index.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Human-readable lines of an import report. */
export function formatReport(r: ImportReport): string {
  const lines: string[] = [];
  lines.push(r.changed ? 'Catalogue imported.' : 'Catalogue unchanged (same checksum): nothing written.');
  lines.push(
    `  time: ${(r.durationMs / 1000).toFixed(1)} s   seed: ${r.seed}   checksum: ${r.checksum.slice(0, 12)}`,
  );
  lines.push('  source                 read  imported  merged  skipped');
  for (const [name, c] of Object.entries(r.sources)) {
    lines.push(
      `  ${name.padEnd(20)} ${String(c.read).padStart(6)} ${String(c.imported).padStart(9)} ${String(c.merged).padStart(7)} ${String(c.skipped).padStart(8)}`,
    );
  }
  lines.push('  totals:');
  for (const [k, v] of Object.entries(r.totals)) lines.push(`    ${k.padEnd(18)} ${v}`);
  if (r.withdrawn) lines.push(`  withdrawn (no longer in the sources): ${r.withdrawn}`);
  lines.push(`  search index: ${r.searchIndex}`);
  if (r.coverage) {
    lines.push('  medicines by primary source   products  no species  no route  no therapeutic group');
    for (const [name, c] of Object.entries(r.coverage))
      lines.push(
        `  ${name.padEnd(28)} ${String(c.products).padStart(8)} ${String(c.noSpecies).padStart(11)} ${String(c.noRoute).padStart(9)} ${String(c.noTherapeuticGroup).padStart(21)}`,
      );
  }
  if (r.enriched)
    lines.push(
      `  completed from other records: ${Object.entries(r.enriched)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
  if (r.unmapped) {
    lines.push(`  source values without a vocabulary code: ${r.unmapped.length}`);
    for (const u of r.unmapped) lines.push(`    ${u.source}.${u.field}: "${u.value}" × ${u.count}`);
  }
  const reasons = new Map<string, number>();
  for (const b of r.badRows) {
    const key = `${b.file}: ${b.reason.replace(/\d+/g, 'N')}`;
    reasons.set(key, (reasons.get(key) ?? 0) + 1);
  }
  lines.push(`  skipped rows: ${r.badRows.length}`);
  for (const [k, n] of reasons) lines.push(`    ${n} × ${k}`);
  for (const b of r.badRows.filter((x) => !x.reason.startsWith('origin')).slice(0, 20))
    lines.push(`    ${b.file}:${b.line} ${b.reason}`);
  return lines.join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const seedArg = args.find((a) => a.startsWith('--seed='));
  const seed = seedArg ? Number(seedArg.slice('--seed='.length)) : undefined;
  if (seed !== undefined && !Number.isInteger(seed))
    throw new Error(`--seed must be an integer, got ${seedArg}`);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR || path.join(repoRoot, 'data/db');
  console.log(databaseUrl ? 'Database: PostgreSQL (DATABASE_URL)' : `Database: PGlite in ${dataDir}`);
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const report = await importCatalogue(database.db, { seed, force: args.includes('--force') });
    console.log(formatReport(report));
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(`Import failed: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
