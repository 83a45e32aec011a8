import { readFileSync } from 'node:fs';
import path from 'node:path';

let cached: string | null = null;

/**
 * Id of the running web build (server only): Next's `.next/BUILD_ID`, written by every `next build`
 * (a new random id per build), read once per process from the app directory (`next start` runs
 * there). `"unknown"` when the file cannot be read (development server).
 * Served as the docs/product/web-app-shell.md build-id document (app/builds/latest.json) and given to the update watcher.
 */
export function currentBuildId(): string {
  if (cached !== null) return cached;
  try {
    cached = readFileSync(path.join(process.cwd(), '.next', 'BUILD_ID'), 'utf8').trim() || 'unknown';
  } catch {
    cached = 'unknown';
  }
  return cached;
}
