/**
 * The catalogue import triggered by staff (docs/decisions/staff-catalog-import.md "catalogue import from the files of the
 * catalogue issue"): runs the importer of modules/catalog-import on the repo's data/catalogue files (or the
 * folder given in the options), one run at a time per api process AND per database (the importer
 * itself writes in one transaction under an advisory lock, so two api processes never interleave).
 * Decision: docs/decisions/staff-catalog-import.md.
 */
import { desc } from 'drizzle-orm';
import type { CatalogImportReport, CatalogImportStatus } from '@vetshop/domain';
import type { Db } from '../../db/client.ts';
import { importRuns } from '../../db/schema.ts';
import { ApiError } from '../../errors.ts';
import { importCatalogue, type ImportReport } from '../catalog-import/index.ts';

/** Options of the staff import (BuildAppOptions.catalogImport). */
export interface CatalogImportOptions {
  /** Folder of the catalogue CSV files (default: <repo>/data/catalogue). */
  catalogueDir?: string;
  /** The import itself (default: importCatalogue); tests put a controllable one here. */
  run?: (db: Db) => Promise<ImportReport>;
}

/** How many stored runs GET staff/catalog/import lists. */
const RUNS_LISTED = 10;
/** How many skipped rows a report carries (the count is always complete). */
const BAD_ROWS_LISTED = 50;

/** The answer form of an importer report (snake_case, skipped rows capped). */
export function toReport(r: ImportReport): CatalogImportReport {
  return {
    changed: r.changed,
    checksum: r.checksum,
    duration_ms: Math.round(r.durationMs),
    sources: r.sources,
    totals: { ...r.totals },
    withdrawn: r.withdrawn,
    bad_rows: r.badRows
      .slice(0, BAD_ROWS_LISTED)
      .map((b) => ({ file: b.file, line: b.line, reason: b.reason })),
    bad_row_count: r.badRows.length,
  };
}

/** One import at a time: the running flag, the last report of this process and the runner. */
export class CatalogImporter {
  private running = false;
  private lastReport: CatalogImportReport | null = null;
  private lastFinishedAt: Date | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: CatalogImportOptions = {},
  ) {}

  /** True while an import runs. */
  get isRunning(): boolean {
    return this.running;
  }

  /**
   * Runs one import and answers its report. Errors: 409 `import_running` while another import
   * of this process runs; 500 `import_failed` naming the cause when the importer throws (a broken
   * source file, the database) — nothing is written then (one transaction).
   */
  async run(): Promise<CatalogImportReport> {
    if (this.running)
      throw new ApiError(409, 'import_running', 'Conflict', 'A catalogue import is already running.');
    this.running = true;
    try {
      const run =
        this.options.run ?? ((db: Db) => importCatalogue(db, { catalogueDir: this.options.catalogueDir }));
      let report: ImportReport;
      try {
        report = await run(this.db);
      } catch (err) {
        const cause = err instanceof Error ? err.message : String(err);
        throw new ApiError(
          500,
          'import_failed',
          'Import failed',
          `The catalogue import failed: ${cause.slice(0, 300)}`,
        );
      }
      this.lastReport = toReport(report);
      this.lastFinishedAt = new Date();
      return this.lastReport;
    } finally {
      this.running = false;
    }
  }

  /** The running flag, the last report of this process and the last stored runs (newest first). */
  async status(): Promise<CatalogImportStatus> {
    const rows = await this.db.select().from(importRuns).orderBy(desc(importRuns.id)).limit(RUNS_LISTED);
    return {
      running: this.running,
      last_report: this.lastReport,
      last_finished_at: this.lastFinishedAt?.toISOString() ?? null,
      runs: rows.map((r) => {
        const report = r.report;
        const totals = report.totals as Record<string, unknown> | undefined;
        const products = totals && typeof totals.products === 'number' ? totals.products : null;
        const duration = typeof report.durationMs === 'number' ? Math.round(report.durationMs) : null;
        return {
          id: r.id,
          created_at: r.createdAt.toISOString(),
          checksum: r.checksum,
          products,
          duration_ms: duration,
        };
      }),
    };
  }
}
