import { resolve } from 'node:path'
import { z } from 'zod'
import { type OriginMap, parseOriginMap } from './fetch/origin-map.js'

/**
 * Where the repository lives: the sample, fixtures and the default database are found relative to it. This file is
 * src/config.ts, or dist/src/config.js once compiled.
 */
export const PROJECT_ROOT = resolve(
  import.meta.dirname,
  import.meta.filename.endsWith('.js') ? '../..' : '..',
)

/** A whole number in [min, max], written as digits; anything else is refused with the range it must be in. */
const intFromEnv = (min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`
  return z
    .string()
    .regex(/^\s*\d+\s*$/, { error })
    .transform(Number)
    .pipe(z.number().min(min, { error }).max(max, { error }))
}

/** A number in [min, max] ("0.5"); anything else is refused with the range it must be in. */
const numberFromEnv = (min: number, max: number, what = `a number from ${min} to ${max}`) =>
  z
    .string()
    .regex(/^\s*\d+(\.\d+)?\s*$/, { error: `must be ${what}` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `must be ${what}` })
        .max(max, { error: `must be ${what}` }),
    )

const nonEmpty = z.string().min(1, { error: 'must not be empty' })

const envSchema = z.object({
  PROPDATA_DB: nonEmpty.optional(),
  PROPDATA_DATA_DIR: nonEmpty.optional(),
  PROPDATA_API_KEYS: z.string().optional(),
  PROPDATA_RATE_LIMIT: intFromEnv(1, 1_000_000_000).optional(),
  PROPDATA_CORS_ORIGINS: z
    .string()
    .regex(
      /^\s*(\*|https?:\/\/[^\s,/]+(\s*,\s*https?:\/\/[^\s,/]+)*)\s*$/,
      'a comma-separated list of origins (scheme://host[:port], as https://app.example.nl), or *',
    )
    .optional(),
  PORT: intFromEnv(0, 65_535).optional(),
  PROPDATA_HOST: nonEmpty.optional(),
  PROPDATA_CHROMIUM: nonEmpty.optional(),
  PROPDATA_USER_AGENT: nonEmpty.optional(),
  PROPDATA_CONTACT_URL: z.string().url().optional(),
  PROPDATA_WITHDRAW_AFTER: intFromEnv(1, 1000).optional(),
  PROPDATA_CRAWL: z.enum(['incremental', 'full']).optional(),
  PROPDATA_REFRESH_NIGHTS: intFromEnv(1, 10_000).optional(),
  PROPDATA_MAX_REJECT_PERCENT: intFromEnv(0, 100).optional(),
  PROPDATA_PDOK_FALLBACK: z.enum(['0', '1', 'true', 'false']).optional(),
  PROPDATA_PDOK_URL: z.string().url().optional(),
  PROPDATA_RETENTION_DAYS: intFromEnv(0, 36_500).optional(),
  PROPDATA_NOTIFY_URL: z.string().url().optional(),
  PROPDATA_STATUS_URL: z.string().url().optional(),
  PROPDATA_SOURCE_PRIORITY: z
    .string()
    .regex(/^\s*[a-z0-9-]+(\s*,\s*[a-z0-9-]+)*\s*$/, 'a comma-separated list of source ids')
    .optional(),
  PROPDATA_WOZ_LOOKUPS: z.enum(['0', '1', 'true', 'false']).optional(),
  PROPDATA_WOZ_URL: z.string().url().optional(),
  PROPDATA_WOZ_BUDGET: intFromEnv(0, 1_000_000).optional(),
  PROPDATA_EP_ONLINE_KEY: nonEmpty.optional(),
  PROPDATA_EP_ONLINE_URL: z.string().url().optional(),
  PROPDATA_EP_ONLINE_BUDGET: intFromEnv(0, 1_000_000).optional(),
  PROPDATA_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  PROPDATA_TEST_PAUSE: z.enum(['0', '1']).optional(),
  PROPDATA_ORIGIN_MAP: z
    .string()
    .transform((text, ctx) => {
      try {
        return parseOriginMap(text)
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message })
        return z.NEVER
      }
    })
    .optional(),
  PROPDATA_POLITENESS_SCALE: numberFromEnv(0, 1).optional(),
  PROPDATA_NIGHT_HOURS: numberFromEnv(
    Number.MIN_VALUE,
    168,
    'a number of hours above 0, at most 168',
  ).optional(),
  PROPDATA_STATUS_PUBLIC: z.enum(['0', '1', 'true', 'false']).optional(),
  PROPDATA_EXPORT_DIR: nonEmpty.optional(),
  PROPDATA_EXPORT_KEEP: intFromEnv(1, 10_000).optional(),
  PROPDATA_RENDER: z.enum(['http']).optional(),
})

/** Settings of one process, read once from the environment; CLI flags override them where a command allows. */
export interface Config {
  /** SQLite file. @default `PROPDATA_DB`, else `data/propdata.db` */
  readonly dbPath: string
  /** Folder for archives, failed pages and temporary files. @default `data/` */
  readonly dataDir: string
  /** The bundled sample (a recorded archive and a BAG extract). */
  readonly sampleDir: string
  /**
   * The database `start` and `ingest --sample` fill when no `--db` is given: the sample's generated BAG extract and
   * WOZ values never go into the live database. @default `data/sample.db` (in the data folder)
   */
  readonly sampleDbPath: string
  /** Keys accepted by the API in addition to the ones in the database (plain text, hashed on start). */
  readonly envApiKeys: readonly string[]
  /** Requests per key per minute. @default 600 */
  readonly rateLimitPerMinute: number
  /**
   * Web origins whose pages may call the API from a browser (CORS), as `https://app.example.nl`; `*` allows any.
   * @default none
   */
  readonly corsOrigins: readonly string[]
  /** @default 8080 */
  readonly port: number
  /** @default '127.0.0.1' */
  readonly host: string
  /** Explicit Chromium binary; otherwise /usr/bin/chromium, then Playwright's own browser. */
  readonly chromiumPath: string | undefined
  /** Sent on every request (and by the browser) so site owners can reach us; always carries a contact URL. */
  readonly userAgent: string
  /** A listing is withdrawn after its source completed this many successful runs without it. @default 2 */
  readonly withdrawAfterRuns: number
  /**
   * `incremental`: a detail page whose search card is unchanged is not requested until the refresh rotation reaches
   * it. `full`: every detail page is requested each run (conditionally). @default 'incremental'
   */
  readonly crawl: 'incremental' | 'full'
  /**
   * An incremental crawl re-reads every listing's detail page within about this many runs, whatever its card and
   * validators say: each run reads the share of them read longest ago. @default 45
   */
  readonly refreshNights: number
  /**
   * A run in which a source rejected more than this share of its rows (in percent) is `degraded`: it publishes what
   * validated and withdraws nothing. @default 20
   */
  readonly maxRejectPercent: number
  /** Ask PDOK's Locatieserver for addresses the local BAG lacks (the `bag` source's live fallback). @default false */
  readonly pdokFallback: boolean
  /** @default 'https://api.pdok.nl/bzk/locatieserver/search/v3_1' */
  readonly pdokUrl: string
  /** Archives and failed pages older than this many days are removed after each run; 0 keeps them. @default 30 */
  readonly retentionDays: number
  /** `ingest --notify`'s default: where a run that went wrong POSTs its report. */
  readonly notifyUrl: string | undefined
  /** Where operators open the status page (`serve`'s `/status` as the world reaches it): notifications link to it. */
  readonly statusUrl: string | undefined
  /**
   * Trust order of sources for golden records and listings, most trusted first; sources not named rank last.
   * Null: registers (bag, pdok, ep-online, woz), then listing sources in registry order.
   */
  readonly sourcePriority: readonly string[] | null
  /** Look up WOZ values in live and replay runs (sample runs always do, from the archive). @default false */
  readonly wozLookups: boolean
  /** @default 'https://api.kadaster.nl/lvwoz/wozwaardeloket-api/v1' */
  readonly wozUrl: string
  /** WOZ look-ups per run, at most one a second; 0 turns them off. @default 2000 */
  readonly wozBudget: number
  /** EP-Online v5 API key; without one, labels come from the bulk file only. */
  readonly epOnlineKey: string | undefined
  /** @default 'https://public.ep-online.nl/api/v5' */
  readonly epOnlineUrl: string
  /** EP-Online API look-ups per run (homes without a label); 0 turns them off. @default 1000 */
  readonly epOnlineBudget: number
  /** @default 'info' */
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  /**
   * Tests only (`PROPDATA_TEST_PAUSE=1`): lets crash tests stop an ingest mid-write (`src/ops/test-pause.ts`).
   * @default false
   */
  readonly testPause: boolean
  /**
   * Simulated markets and tests only (`PROPDATA_ORIGIN_MAP`): site origins whose pages are fetched from another
   * origin, as `https://www.funda.nl=http://127.0.0.1:5001`. @default none
   */
  readonly originMap: OriginMap
  /**
   * Simulated markets and tests only (`PROPDATA_POLITENESS_SCALE`): multiplies each source's politeness interval and
   * robots.txt crawl-delays; 0 runs a night at once. @default 1
   */
  readonly politenessScale: number
  /**
   * Simulated markets and tests only (`PROPDATA_RENDER=http`): fetch browser sources over plain HTTP, as a
   * simulated market serves them. @default false
   */
  readonly renderOverHttp: boolean
  /**
   * The length of a night (`PROPDATA_NIGHT_HOURS`): a crawl source starts no new search once its requests would have
   * taken this long at its politeness; the searches it did not reach come first the next night. @default 8
   */
  readonly nightHours: number
  /**
   * Serve the status page (`/status`, its data and its scripts) to anyone who can reach the server
   * (`PROPDATA_STATUS_PUBLIC=1`); otherwise those paths answer 404, and `propdata report --html` writes the page to a
   * file. @default false
   */
  readonly statusPublic: boolean
  /**
   * After every publish (an ingest, an import), export the new generation as Parquet into `DIR/<generation>/`
   * (`PROPDATA_EXPORT_DIR`). @default none: no export
   */
  readonly exportDir: string | undefined
  /** The generations kept in {@link exportDir}; older ones are removed. @default 7 */
  readonly exportKeep: number
}

/** Site owners must be able to reach us: a User-Agent that carries no URL gets the contact URL appended. */
const withContact = (userAgent: string, contact: string): string =>
  /https?:\/\//.test(userAgent) ? userAgent : `${userAgent} (+${contact})`

/** A variable of the environment has a value the settings refuse: bad usage, answered in one line. */
export class InvalidEnvironmentError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InvalidEnvironmentError'
  }
}

/** Variables whose value must not be printed, even in an error. */
const secret = (name: string) => /KEY/.test(name)

/** Parses `env` into a frozen {@link Config}; throws one error that lists every bad variable and its value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0])
      return `${name}: ${issue.message}${secret(name) ? '' : `, got ${JSON.stringify(env[name])}`}`
    })
    throw new InvalidEnvironmentError(`Invalid environment: ${problems.join('; ')}`)
  }
  const e = parsed.data
  const dataDir = resolve(e.PROPDATA_DATA_DIR ?? resolve(PROJECT_ROOT, 'data'))
  const contact = e.PROPDATA_CONTACT_URL ?? 'https://github.com/propdata/propdata'
  return Object.freeze({
    dbPath: resolve(e.PROPDATA_DB ?? resolve(dataDir, 'propdata.db')),
    dataDir,
    sampleDir: resolve(PROJECT_ROOT, 'data', 'sample'),
    sampleDbPath: resolve(dataDir, 'sample.db'),
    envApiKeys: Object.freeze(
      (e.PROPDATA_API_KEYS ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    ),
    rateLimitPerMinute: e.PROPDATA_RATE_LIMIT ?? 600,
    corsOrigins: Object.freeze(
      (e.PROPDATA_CORS_ORIGINS ?? '').split(',').flatMap((o) => o.trim().toLowerCase() || []),
    ),
    port: e.PORT ?? 8080,
    host: e.PROPDATA_HOST ?? '127.0.0.1',
    chromiumPath: e.PROPDATA_CHROMIUM,
    userAgent: withContact(e.PROPDATA_USER_AGENT ?? 'propdata/0.1', contact),
    withdrawAfterRuns: e.PROPDATA_WITHDRAW_AFTER ?? 2,
    crawl: e.PROPDATA_CRAWL ?? 'incremental',
    refreshNights: e.PROPDATA_REFRESH_NIGHTS ?? 60,
    maxRejectPercent: e.PROPDATA_MAX_REJECT_PERCENT ?? 20,
    pdokFallback: e.PROPDATA_PDOK_FALLBACK === '1' || e.PROPDATA_PDOK_FALLBACK === 'true',
    pdokUrl: e.PROPDATA_PDOK_URL ?? 'https://api.pdok.nl/bzk/locatieserver/search/v3_1',
    retentionDays: e.PROPDATA_RETENTION_DAYS ?? 30,
    notifyUrl: e.PROPDATA_NOTIFY_URL,
    statusUrl: e.PROPDATA_STATUS_URL,
    sourcePriority: e.PROPDATA_SOURCE_PRIORITY
      ? Object.freeze(e.PROPDATA_SOURCE_PRIORITY.split(',').map((id) => id.trim()))
      : null,
    wozLookups: e.PROPDATA_WOZ_LOOKUPS === '1' || e.PROPDATA_WOZ_LOOKUPS === 'true',
    wozUrl: e.PROPDATA_WOZ_URL ?? 'https://api.kadaster.nl/lvwoz/wozwaardeloket-api/v1',
    wozBudget: e.PROPDATA_WOZ_BUDGET ?? 2000,
    epOnlineKey: e.PROPDATA_EP_ONLINE_KEY,
    epOnlineUrl: e.PROPDATA_EP_ONLINE_URL ?? 'https://public.ep-online.nl/api/v5',
    epOnlineBudget: e.PROPDATA_EP_ONLINE_BUDGET ?? 1000,
    logLevel: e.PROPDATA_LOG_LEVEL ?? 'info',
    testPause: e.PROPDATA_TEST_PAUSE === '1',
    originMap: e.PROPDATA_ORIGIN_MAP ?? new Map(),
    politenessScale: e.PROPDATA_POLITENESS_SCALE ?? 1,
    renderOverHttp: e.PROPDATA_RENDER === 'http',
    nightHours: e.PROPDATA_NIGHT_HOURS ?? 8,
    statusPublic: e.PROPDATA_STATUS_PUBLIC === '1' || e.PROPDATA_STATUS_PUBLIC === 'true',
    exportDir: e.PROPDATA_EXPORT_DIR && resolve(e.PROPDATA_EXPORT_DIR),
    exportKeep: e.PROPDATA_EXPORT_KEEP ?? 7,
  })
}
