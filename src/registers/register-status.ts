import { sql } from 'kysely'
import type { Store } from '../store/database.js'
import { readMeta } from '../store/publication.repository.js'
import type { RunTable } from '../store/schema.js'
import { IMPORT_KINDS, type ImportedRegister } from './import-kinds.js'
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

/** One register's last run and last success, and the data in use. */
export interface RegisterStatus extends RegisterInfo {
  /** `ok`, `failed`, `stopped`, `crashed`, or `running` for an import in progress; null if it never ran. */
  readonly status: string | null
  readonly lastRun: LastRun | null
  readonly lastSuccessAt: string | null
  /** The date the data in use describes, as its file states it: the BAG's stand date, the label file's publication date. */
  readonly dataAsOf: string | null
  /** When the data in use was loaded: a failed import leaves the previous data, and this, as they were. */
  readonly loadedAt: string | null
}

/**
 * Where an import notes what it loaded (`meta`, written in the transaction that swaps the data in): so they describe
 * the data in use, whatever later imports did.
 */
const DATA_IN_USE: Readonly<Record<ImportedRegister, { asOf: string; loadedAt: string }>> = {
  bag: { asOf: 'bag_stand_date', loadedAt: 'bag_imported_at' },
  'ep-online': { asOf: 'energy_labels_publication_date', loadedAt: 'energy_labels_imported_at' },
}

/** Every register's status, in {@link REGISTERS} order. */
export async function readRegisterStatuses(store: Store): Promise<RegisterStatus[]> {
  return Promise.all(
    REGISTERS.map(async (register) => {
      const imported = register.id in IMPORT_KINDS ? (register.id as ImportedRegister) : null
      const found = imported ? await importStatus(store, IMPORT_KINDS[imported]) : await wozStatus(store)
      const meta = imported ? DATA_IN_USE[imported] : null
      return {
        ...register,
        ...found,
        dataAsOf: meta ? (readMeta(store, meta.asOf) ?? null) : null,
        loadedAt: meta ? (readMeta(store, meta.loadedAt) ?? null) : null,
      }
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
