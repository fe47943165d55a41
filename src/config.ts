import { resolve } from 'node:path'
import { z } from 'zod'

/** Where the repository lives: the sample, fixtures and the default database are found relative to it. */
export const PROJECT_ROOT = resolve(import.meta.dirname, '..')

const intFromEnv = (min: number, max: number) => z.coerce.number().int().min(min).max(max)

const envSchema = z.object({
  PROPDATA_DB: z.string().min(1).optional(),
  PROPDATA_DATA_DIR: z.string().min(1).optional(),
  PROPDATA_API_KEYS: z.string().optional(),
  PROPDATA_RATE_LIMIT: intFromEnv(1, 1_000_000).optional(),
  PROPDATA_ANON_RATE_LIMIT: intFromEnv(1, 1_000_000).optional(),
  PORT: intFromEnv(0, 65_535).optional(),
  PROPDATA_HOST: z.string().min(1).optional(),
  PROPDATA_CHROMIUM: z.string().min(1).optional(),
  PROPDATA_USER_AGENT: z.string().min(1).optional(),
  PROPDATA_CONTACT_URL: z.string().url().optional(),
  PROPDATA_WITHDRAW_AFTER: intFromEnv(1, 1000).optional(),
  PROPDATA_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
})

/** Settings of one process, read once from the environment; CLI flags override them where a command allows. */
export interface Config {
  /** SQLite file. @default `PROPDATA_DB`, else `data/propdata.db` */
  readonly dbPath: string
  /** Folder for archives, failed pages and temporary files. @default `data/` */
  readonly dataDir: string
  /** The bundled sample (a recorded archive and a BAG extract). */
  readonly sampleDir: string
  /** Keys accepted by the API in addition to the ones in the database (plain text, hashed on start). */
  readonly envApiKeys: readonly string[]
  /** Requests per key per minute. @default 600 */
  readonly rateLimitPerMinute: number
  /** Requests per minute per client address that carry no valid key. @default 120 */
  readonly anonRateLimitPerMinute: number
  /** @default 8080 */
  readonly port: number
  /** @default '127.0.0.1' */
  readonly host: string
  /** Explicit Chromium binary; otherwise /usr/bin/chromium, then Playwright's own browser. */
  readonly chromiumPath: string | undefined
  /** Sent on every request so site owners can reach us. */
  readonly userAgent: string
  /** A listing is withdrawn after its source completed this many successful runs without it. @default 2 */
  readonly withdrawAfterRuns: number
  /** @default 'info' */
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
}

/** Parses `env` into a frozen {@link Config}; throws one error that lists every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid environment:\n  ${lines.join('\n  ')}`)
  }
  const e = parsed.data
  const dataDir = resolve(e.PROPDATA_DATA_DIR ?? resolve(PROJECT_ROOT, 'data'))
  const contact = e.PROPDATA_CONTACT_URL ?? 'https://github.com/propdata/propdata'
  return Object.freeze({
    dbPath: resolve(e.PROPDATA_DB ?? resolve(dataDir, 'propdata.db')),
    dataDir,
    sampleDir: resolve(PROJECT_ROOT, 'data', 'sample'),
    envApiKeys: Object.freeze(
      (e.PROPDATA_API_KEYS ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    ),
    rateLimitPerMinute: e.PROPDATA_RATE_LIMIT ?? 600,
    anonRateLimitPerMinute: e.PROPDATA_ANON_RATE_LIMIT ?? 120,
    port: e.PORT ?? 8080,
    host: e.PROPDATA_HOST ?? '127.0.0.1',
    chromiumPath: e.PROPDATA_CHROMIUM,
    userAgent: e.PROPDATA_USER_AGENT ?? `propdata/0.1 (+${contact})`,
    withdrawAfterRuns: e.PROPDATA_WITHDRAW_AFTER ?? 2,
    logLevel: e.PROPDATA_LOG_LEVEL ?? 'info',
  })
}
