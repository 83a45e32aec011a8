import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The Drizzle schema files import each other without a cycle: `schema.ts` is only a barrel of the
 * `*-schema.ts` files, which import the tables they point to from the file that defines them
 * (catalogue tables from `catalog-schema.ts`), never from `schema.ts`.
 */
const dir = path.dirname(fileURLToPath(import.meta.url));
const schemaFiles = readdirSync(dir).filter((f) => f.endsWith('-schema.ts'));

/** Relative imports and re-exports of one db/ file, as file names in db/ (`./x.ts` → `x.ts`). */
function localImports(file: string): string[] {
  const text = readFileSync(path.join(dir, file), 'utf8');
  return [...text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'\.\/([^']+)'/gms)].map((m) => m[1]!);
}

describe('db schema imports', () => {
  it('finds the schema files', () => {
    expect(schemaFiles).toContain('catalog-schema.ts');
    expect(schemaFiles.length).toBeGreaterThan(5);
  });

  it.each(schemaFiles)('%s does not import the schema.ts barrel', (file) => {
    expect(localImports(file)).not.toContain('schema.ts');
  });

  it('schema.ts only re-exports every *-schema.ts file', () => {
    const lines = readFileSync(path.join(dir, 'schema.ts'), 'utf8')
      .split('\n')
      .filter((l) => /^(import|export)\b/.test(l));
    expect(lines.every((l) => /^export \* from '\.\/[a-z-]+-schema\.ts';$/.test(l))).toBe(true);
    expect(localImports('schema.ts').sort()).toEqual([...schemaFiles].sort());
  });

  it('the schema files import each other without a cycle', () => {
    const graph = new Map(schemaFiles.map((f) => [f, localImports(f)]));
    const done = new Set<string>();
    const visit = (file: string, trail: string[]): string[] | null => {
      if (trail.includes(file)) return [...trail, file];
      if (done.has(file)) return null;
      for (const next of graph.get(file) ?? []) {
        const cycle = visit(next, [...trail, file]);
        if (cycle) return cycle;
      }
      done.add(file);
      return null;
    };
    const cycles = schemaFiles.map((f) => visit(f, [])).filter((c) => c !== null);
    expect(cycles).toEqual([]);
  });
});
