import { sql } from 'kysely'
import type { Store } from '../store/database.js'
import type { RunTable } from '../store/schema.js'
import { type RegisterLookupReport, STOPPED_BY_RUN } from './run-lookups.js'

/** A register as `/v1/sources` and `propdata sources` list it. */
export interface RegisterInfo {
  readonly id: string
  readonly name: string
  /** How its data arrives: a bulk file (`import …`) or per-home HTTP look-ups during ingest. */
  readonly render: 'file' | 'http'
  readonly homepage: string
}

/** The registers, in trust order. */
export const REGISTERS: readonly RegisterInfo[] = [
  {
    id: 'bag',
    name: 'BAG (Kadaster)',
    render: 'file',
    homepage: 'https://www.kadaster.nl/zakelijk/registraties/basisregistraties/bag',
  },
  { id: 'ep-online', name: 'EP-Online (RVO)', render: 'file', homepage: 'https://www.ep-online.nl' },
  {
    id: 'woz',
    name: 'WOZ-waardeloket (Kadaster)',
    render: 'http',
    homepage: 'https://www.wozwaardeloket.nl',
  },
]

/** A source's or register's last run, as the API reports it. */
export interface LastRun {
  readonly runId: number
  readonly startedAt: string
  readonly message: string | null
}

/** One register's last run and last success. */
export interface RegisterStatus extends RegisterInfo {
  /** `ok`, `failed`, `stopped`, `crashed`, or `running` for an import in progress; null if it never ran. */
  readonly status: string | null
  readonly lastRun: LastRun | null
  readonly lastSuccessAt: string | null
}

/** The registers loaded by an import command: each import is a run of its own kind. */
const IMPORT_KINDS: Readonly<Record<string, RunTable['kind']>> = {
  bag: 'import-bag',
  'ep-online': 'import-energy-labels',
}

/** Every register's status, in {@link REGISTERS} order. */
export async function readRegisterStatuses(store: Store): Promise<RegisterStatus[]> {
  return Promise.all(
    REGISTERS.map(async (register) => {
      const kind = IMPORT_KINDS[register.id]
      const found = kind ? await importStatus(store, kind) : await wozStatus(store)
      return { ...register, ...found }
    }),
  )
}

type Found = Pick<RegisterStatus, 'status' | 'lastRun' | 'lastSuccessAt'>

/** A bulk register: its last import run (`running` while one runs) and the start of its last successful one. */
async function importStatus(store: Store, kind: RunTable['kind']): Promise<Found> {
  const base = store.db.selectFrom('runs').where('kind', '=', kind).orderBy('id', 'desc')
  const last = await base.select(['id', 'status', 'started_at', 'report_json']).executeTakeFirst()
  const success = await base.select('started_at').where('status', '=', 'succeeded').executeTakeFirst()
  return {
    status: last ? (last.status === 'succeeded' ? 'ok' : last.status) : null,
    lastRun: last ? { runId: last.id, startedAt: last.started_at, message: errorOf(last.report_json) } : null,
    lastSuccessAt: success?.started_at ?? null,
  }
}

/**
 * WOZ values have no import: an ingest run looks them up per home (when `PROPDATA_WOZ_LOOKUPS` is on, and always
 * for the sample) and records what the look-ups did in its report (`registers.woz`, null when it asked nothing).
 * So the register's last run is the newest *finished* ingest whose report has WOZ look-ups, and its status is that
 * of the look-ups, not of the run: `ok` when they went through the due homes (a few failed look-ups are asked again
 * next run; the message counts them), `stopped` when the run's deadline or signal cut them short, `failed` when the
 * loket stopped them (blocked, refused, too many failures in a row; the message says which). Its last success is
 * the start of the newest such run whose look-ups were not cut short. A run still going, or one that died, has no
 * report, so it does not count; a run that published nothing still stored its values, and the next publish serves
 * them. Read from `runs` rather than `woz_lookups`, which has no run ids and no index on its time: this scans
 * ingest runs newest first and stops at the first match, one row a night.
 */
async function wozStatus(store: Store): Promise<Found> {
  const woz = reportAt('$.registers.woz')
  const base = store.db
    .selectFrom('runs')
    .where('kind', '=', 'ingest')
    .where('finished_at', 'is not', null)
    .where(woz, 'is not', null)
    .orderBy('id', 'desc')
  const last = await base.select(['id', 'started_at', woz.as('woz')]).executeTakeFirst()
  if (!last) return { status: null, lastRun: null, lastSuccessAt: null }
  const report = JSON.parse(last.woz!) as RegisterLookupReport
  const { status, message } = wozOutcome(report)
  let lastSuccessAt = status === 'ok' ? last.started_at : null
  if (!lastSuccessAt) {
    const success = await base
      .select('started_at')
      .where(reportAt('$.registers.woz.stoppedBy'), 'is', null)
      .executeTakeFirst()
    lastSuccessAt = success?.started_at ?? null
  }
  return { status, lastRun: { runId: last.id, startedAt: last.started_at, message }, lastSuccessAt }
}

/** A value in a run's report; CASE, unlike AND, guarantees json_extract never sees a report that is not JSON. */
const reportAt = (path: string) =>
  sql<string | null>`case when json_valid(report_json) then json_extract(report_json, ${path}) end`

/** What one run's WOZ look-ups come to, as a source status and a message. */
function wozOutcome(r: RegisterLookupReport): { status: string; message: string | null } {
  const counts = `${r.lookedUp} of ${r.candidates} due homes looked up, ${r.failed} failed`
  if (r.stoppedBy === null)
    return { status: 'ok', message: r.failed > 0 ? `${counts}; asked again next run` : null }
  return {
    status: r.stoppedBy === STOPPED_BY_RUN ? 'stopped' : 'failed',
    message: `${r.stoppedBy} (${counts})`,
  }
}

function errorOf(reportJson: string | null): string | null {
  try {
    const report = JSON.parse(reportJson ?? 'null') as { error?: unknown } | null
    return typeof report?.error === 'string' ? report.error : null
  } catch {
    return null
  }
}
