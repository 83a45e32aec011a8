/**
 * Password hashing (issue 3: argon2id via @node-rs/argon2, which ships its own binary).
 * Parameters are the library's defaults for argon2id (19 MiB, 2 passes, 1 lane: OWASP's minimum).
 */
import { hash, verify } from '@node-rs/argon2';

/** argon2id PHC string of `password`. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * True when `password` matches the PHC string `phc`. A null `phc` (an OIDC-only user) still spends
 * one hash so that timing does not tell which logins exist.
 */
export async function verifyPassword(phc: string | null, password: string): Promise<boolean> {
  if (!phc) {
    await hash(password);
    return false;
  }
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}
