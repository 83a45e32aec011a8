/**
 * Types of scripts/cluster.mjs for the TypeScript callers (bench/cluster.bench.ts): two api and
 * two web processes on one PostgreSQL database behind round-robin proxies.
 */
import type { ChildProcess } from 'node:child_process';

/** Options of {@link startCluster}. */
export interface ClusterOptions {
  /** postgres:// URL of the one database both apis use. */
  databaseUrl: string;
  /** Extra environment of every process (AUTH_TYPE, SEED_DEMO_ACCOUNTS, MAIL_OUTBOX_DIR, WEB_SESSION_SECRET…). */
  env?: Record<string, string>;
  apiProxyPort?: number;
  webProxyPort?: number;
  apiPorts?: [number, number];
  webPorts?: [number, number];
  /** Start the two web processes and their proxy (default true; the build must exist). */
  web?: boolean;
  /** How long to wait for each api's /health (ms, default 10 min). */
  apiTimeoutMs?: number;
}

/** A started cluster. */
export interface Cluster {
  /** URL of the api proxy (what the web processes use as API_URL). */
  apiUrl: string;
  /** URL of the web proxy (SITE_URL), `http://localhost:<port>`. */
  siteUrl: string;
  /** Direct URLs of api 1 and api 2. */
  apis: string[];
  /** Direct URLs of web 1 and web 2 (empty without web). */
  webs: string[];
  /** Requests the api proxy sent to api 1 and api 2 so far. */
  apiCounts: number[];
  /** Requests the web proxy sent to web 1 and web 2 so far. */
  webCounts: number[];
  /** api 1, api 2, then web 1, web 2 (each the leader of its process group). */
  children: ChildProcess[];
  /** Closes the proxies and stops every process (SIGTERM, SIGKILL after 5 s). */
  stop(): Promise<void>;
}

export function startCluster(options: ClusterOptions): Promise<Cluster>;
export function recreateDatabase(serverUrl: string, name: string): Promise<string>;
export function freePort(): Promise<number>;
export function roundRobinProxy(
  port: number,
  targets: string[],
): Promise<{ counts: number[]; close(): Promise<void> }>;
export function killCluster(cluster: Cluster | null | undefined): void;
