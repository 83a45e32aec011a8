/**
 * Password hashing (docs/decisions/password-hashing-queue.md: argon2id via @node-rs/argon2, which ships its own binary).
 * Parameters are the library's defaults for argon2id (19 MiB, 2 passes, 1 lane: OWASP's minimum).
 *
 * Every hash and verification goes through one per-process queue (docs/decisions/
 * password-hashing-queue.md), so a flood of requests that hash cannot starve sign-in of CPU:
 * - at most `concurrency` argon2 runs at once (PASSWORD_HASH_CONCURRENCY, default the number of
 *   CPUs, at most 4 — libuv's thread pool, which files and DNS share, has 4 threads);
 * - the others wait in two FIFOs: sign-in verifications (`verifyPassword`) always start before
 *   the hashes of new passwords (`hashPassword`: registrations, password set and change);
 * - each FIFO holds at most `queueMax` waiting runs (PASSWORD_HASH_QUEUE_MAX, default 16); one
 *   more is refused at once with PasswordHashingBusyError (503 `password_hashing_busy`,
 *   Retry-After 1 s).
 */
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { ApiError } from '../../errors.ts';

/** 503 `password_hashing_busy`: the hashing queue is full; `retryAfterSeconds` goes to Retry-After. */
export class PasswordHashingBusyError extends ApiError {
  readonly retryAfterSeconds = 1;
  constructor() {
    super(503, 'password_hashing_busy', 'Service unavailable', 'The service is busy. Please try again.');
    this.name = 'PasswordHashingBusyError';
  }
}

/** Which FIFO a run waits in: `signin` runs start before `new_password` runs. */
export type HashPriority = 'signin' | 'new_password';

/** Settings of the queue: runs at once, and waiting runs per priority. */
export interface HashQueueSettings {
  concurrency: number;
  queueMax: number;
}

function envInt(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** A bounded two-priority FIFO that runs at most `settings.concurrency` tasks at once. */
export class HashQueue {
  private running = 0;
  private readonly waiting: Record<HashPriority, (() => void)[]> = { signin: [], new_password: [] };

  constructor(readonly settings: HashQueueSettings) {}

  /** Runs in progress and waiting (for tests and the benchmark). */
  get stats(): { running: number; signin: number; new_password: number } {
    return {
      running: this.running,
      signin: this.waiting.signin.length,
      new_password: this.waiting.new_password.length,
    };
  }

  /** Runs `task` when a slot is free; PasswordHashingBusyError when its FIFO is full. */
  async run<T>(priority: HashPriority, task: () => Promise<T>): Promise<T> {
    if (this.running >= this.settings.concurrency) {
      const fifo = this.waiting[priority];
      if (fifo.length >= this.settings.queueMax) throw new PasswordHashingBusyError();
      await new Promise<void>((resolve) => fifo.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      // Hands the slot over to the next waiting run (sign-ins first), or frees it.
      const next = this.waiting.signin.shift() ?? this.waiting.new_password.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** The process's queue (settings from the environment, read once at start). */
export const hashQueue = new HashQueue({
  concurrency: envInt('PASSWORD_HASH_CONCURRENCY', Math.min(4, Math.max(1, availableParallelism()))),
  queueMax: envInt('PASSWORD_HASH_QUEUE_MAX', 16),
});

/**
 * argon2id PHC string of `password` (a new password: waits behind sign-ins).
 * Errors: PasswordHashingBusyError (503) when the queue is full.
 */
export function hashPassword(password: string): Promise<string> {
  return hashQueue.run('new_password', () => hash(password));
}

/**
 * True when `password` matches the PHC string `phc`. A null `phc` (an OIDC-only user) still spends
 * one hash so that timing does not tell which logins exist. Runs ahead of new-password hashes.
 * Errors: PasswordHashingBusyError (503) when the queue is full.
 */
export async function verifyPassword(phc: string | null, password: string): Promise<boolean> {
  return hashQueue.run('signin', async () => {
    if (!phc) {
      await hash(password);
      return false;
    }
    try {
      return await verify(phc, password);
    } catch {
      return false;
    }
  });
}
