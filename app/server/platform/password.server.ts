import crypto from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

// scrypt is memory-hard: N=2^15, r=8 uses 32 MiB per hash, which slows offline guessing.
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 64;

/** "scrypt$N$r$p$salt$hash" (base64), so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), hash.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, hashB64] = stored.split("$");
  if (scheme !== "scrypt" || !saltB64 || !hashB64) return false;
  const expected = Buffer.from(hashB64, "base64");
  const actual = await scrypt(password, Buffer.from(saltB64, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/**
 * A hash of a random password nobody knows, with the current parameters. Checking a password for
 * an unknown username against it costs the same scrypt work as for a real user, so the answer
 * time does not tell which usernames exist.
 */
export const DUMMY_PASSWORD_HASH =
  "scrypt$32768$8$1$coefu+G5yQi1dHZtQ9w96g==$QRmDuhUyTAJ0s0rGrqqgrmryjhUQKDsTPSV6tFOv2RxORHy6U2mgeLzHRtIVCwl1O6LnXKrpja4AiJXzsu9n1w==";

/** The parameters a stored hash was made with (the dummy must keep up with PARAMS). */
export function hashParameters(stored: string): { N: number; r: number; p: number } | null {
  const [scheme, n, r, p] = stored.split("$");
  return scheme === "scrypt" ? { N: Number(n), r: Number(r), p: Number(p) } : null;
}

export const CURRENT_HASH_PARAMETERS = { N: PARAMS.N, r: PARAMS.r, p: PARAMS.p };
