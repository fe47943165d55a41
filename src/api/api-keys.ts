import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Store } from '../store/database.js'
import { param, prepareQuery } from '../store/prepared.js'

/** SHA-256 of a key, hex. Only hashes are ever stored. */
export const hashKey = (key: string): string => createHash('sha256').update(key).digest('hex')

/** A new random key: `pd_` and 43 URL-safe characters (256 bits). */
export const generateKey = (): string => `pd_${randomBytes(32).toString('base64url')}`

/** Checks keys against the database and the environment, caching answers for a few seconds. */
export interface KeyChecker {
  /** The key's identity (its hash) when it is valid, else null. */
  check(key: string | undefined): Promise<string | null>
}

/** Whether a key with this hash is in the SQLite store and not revoked. */
export function createKeyLookup(store: Store): (hash: string) => boolean {
  const lookup = prepareQuery<{ key_hash: string }, { id: number }>(
    store.sqlite,
    store.db
      .selectFrom('api_keys')
      .select('id')
      .where('key_hash', '=', param('key_hash'))
      .where('revoked_at', 'is', null),
  )
  return (hash) => lookup.get({ key_hash: hash }) !== undefined
}

/** Positive and negative answers are cached this long; a revoked key stops working within it. */
const CACHE_MS = 5_000

/**
 * Builds a key checker over the keys the read store holds (`isActive`) plus those from `PROPDATA_API_KEYS`.
 */
export function createKeyChecker(
  isActive: (hash: string) => Promise<boolean>,
  envKeys: readonly string[],
  now: () => number = Date.now,
): KeyChecker {
  const fromEnv = envKeys.map((k) => Buffer.from(hashKey(k)))
  // Keyed by the key as presented, so a cached answer costs a map lookup rather than a SHA-256 per request. The
  // secrets stay in this process's memory only, as they already are in each request's headers.
  const cache = new Map<string, { hash: string; valid: boolean; until: number }>()
  return {
    async check(key) {
      if (!key || key.length > 200) return null
      const t = now()
      const hit = cache.get(key)
      if (hit && hit.until > t) return hit.valid ? hit.hash : null
      const hash = hashKey(key)
      const candidate = Buffer.from(hash)
      const valid = fromEnv.some((k) => timingSafeEqual(k, candidate)) || (await isActive(hash))
      if (cache.size > 10_000) cache.clear()
      cache.set(key, { hash, valid, until: t + CACHE_MS })
      return valid ? hash : null
    },
  }
}

/** Creates a key named `name`, stores its hash, and returns the key: the only time it is ever shown. */
export async function createApiKey(store: Store, name: string): Promise<string> {
  const key = generateKey()
  await store.db
    .insertInto('api_keys')
    .values({
      name,
      key_hash: hashKey(key),
      key_prefix: key.slice(0, 7),
      created_at: new Date().toISOString(),
    })
    .execute()
  return key
}

/** Every key, without secrets. */
export async function listApiKeys(store: Store) {
  return store.db
    .selectFrom('api_keys')
    .select(['name', 'key_prefix', 'created_at', 'revoked_at'])
    .orderBy('id')
    .execute()
}

/** Revokes the key named `name`; false when there is no such active key. */
export async function revokeApiKey(store: Store, name: string): Promise<boolean> {
  const result = await store.db
    .updateTable('api_keys')
    .set({ revoked_at: new Date().toISOString() })
    .where('name', '=', name)
    .where('revoked_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}
