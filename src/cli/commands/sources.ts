import { countEvidence, describeEvidence, EVIDENCE_KINDS } from '../../kit/evidence.js'
import { readSourcePriority } from '../../merge/source-priority.js'
import { withRunLock } from '../../ops/run-lock.js'
import { REGISTER_TRAITS, type SourceTraits, sourceTraits } from '../../ops/source-traits.js'
import { count } from '../../plural.js'
import { retireSource } from '../../publish/retire-source.js'
import { REGISTERS, readRegisterStatuses } from '../../registers/register-status.js'
import { loadRegistry } from '../../registry/registry.js'
import type { Store } from '../../store/database.js'
import { type ListingSourceState, readListingSources } from '../../store/sources.repository.js'
import { registerRegistry } from '../catalogue.js'
import { cliCommand } from '../command-hint.js'
import { configFrom, createCliLogger, type GlobalOptions, printResult, withStore } from '../context.js'
import { CliError, EXIT, exitIfLocked } from '../exit-codes.js'
import { formatTable } from '../table.js'

/** One line of `propdata sources`. */
interface SourceRow extends SourceTraits {
  readonly id: string
  readonly name: string
  readonly kind: 'listing' | 'register'
  /** How it is read; null for a source the catalogue knows nothing of. */
  readonly render: string | null
  readonly offers: readonly string[]
  readonly homepage: string | null
  /** In this code's registry (a folder under `sources/`); registers always are. */
  readonly registered: boolean
  /** Retired with `sources retire`: its listings were withdrawn and a run over every source leaves it out. */
  readonly retired: boolean
  readonly lastRun: {
    runId: number
    at: string
    status: string | null
    listings: number | null
    message: string | null
  } | null
  readonly lastSuccessAt: string | null
  /** Listings it currently shows; null for registers. */
  readonly activeListings: number | null
  readonly dataAsOf: string | null
  readonly loadedAt: string | null
}

/** A listing source as `propdata sources` shows it: what the catalogue says of it, and what its runs did. */
function listingRow(s: ListingSourceState): SourceRow {
  // What the code that registered it said; a named partner feed has the feed adapter's facts.
  const facts = s.registered ? s.facts : null
  return {
    id: s.id,
    name: s.name,
    kind: 'listing',
    // A file source has no pages to render: it reads the file it is given.
    render: facts ? (facts.kind === 'file' ? 'file' : facts.render) : null,
    offers: facts?.offers ?? [],
    homepage: facts?.homepage ?? null,
    ...sourceTraits(facts),
    registered: s.registered,
    retired: s.retired,
    lastRun: s.lastRun
      ? {
          runId: s.lastRun.run_id,
          at: s.lastRun.started_at,
          status: s.lastRun.status,
          listings: s.lastRun.listings,
          message: s.lastRun.message,
        }
      : null,
    lastSuccessAt: s.lastSuccessAt,
    activeListings: s.activeListings,
    dataAsOf: null,
    loadedAt: null,
  }
}

/**
 * Every source with its status: the listing sources of the catalogue (this code's registry, written to it first)
 * and of the database, then the registers.
 */
async function readSourceRows(store: Store): Promise<SourceRow[]> {
  await registerRegistry(store)
  return [
    ...(await readListingSources(store)).map(listingRow),
    // The same registers, statuses and last runs as `/v1/sources`.
    ...(await readRegisterStatuses(store)).map(
      (r): SourceRow => ({
        id: r.id,
        name: r.name,
        kind: 'register',
        render: r.render,
        offers: [],
        homepage: r.homepage,
        ...REGISTER_TRAITS,
        registered: true,
        retired: false,
        lastRun: r.lastRun
          ? {
              runId: r.lastRun.runId,
              at: r.lastRun.startedAt,
              status: r.status,
              listings: null,
              message: r.lastRun.message,
            }
          : null,
        lastSuccessAt: r.lastSuccessAt,
        activeListings: null,
        dataAsOf: r.dataAsOf,
        loadedAt: r.loadedAt,
      }),
    ),
  ]
}

/** The last-run cell: its last run, or what it is (retired, unregistered) and what to do. */
function describeRow(r: SourceRow): string {
  if (r.retired) return `retired at ${r.lastRun?.at}${r.lastRun?.message ? `: ${r.lastRun.message}` : ''}`
  const run = r.lastRun
    ? `${r.lastRun.status} at ${r.lastRun.at}${r.lastRun.listings === null ? '' : ` (${count(r.lastRun.listings, 'listing')})`}${r.lastRun.message ? `: ${r.lastRun.message}` : ''}`
    : 'never run'
  return `${run}${dataInUse(r)}${unregistered(r)}`
}

/** A register's data in use and when it was loaded, which a failed import leaves as they were. */
const dataInUse = (r: SourceRow) =>
  r.dataAsOf === null && r.loadedAt === null
    ? ''
    : `; data as of ${r.dataAsOf ?? 'unknown'}, loaded ${r.loadedAt ?? 'at an unknown time'}`

/**
 * A source the database knows but this registry does not (its folder under `sources/` was removed): no run crawls
 * it any more, so its listings would stay on offer for ever. Retiring withdraws them.
 */
const unregistered = (r: SourceRow) =>
  r.registered
    ? ''
    : `; unregistered: ${count(r.activeListings ?? 0, 'active listing')} on offer until it is retired (${cliCommand(`sources retire ${r.id}`)})`

/** A column of `propdata sources`: its heading, its cell of a row, and whether a table of these rows needs it. */
interface SourceColumn {
  readonly heading: string
  readonly cell: (r: SourceRow) => string
  /** Preset and regions are shown only when some source has one: most are code adapters for the whole country. */
  readonly needed?: (rows: readonly SourceRow[]) => boolean
}

const COLUMNS: readonly SourceColumn[] = [
  { heading: 'source', cell: (r) => r.id },
  { heading: 'kind', cell: (r) => r.kind },
  { heading: 'render', cell: (r) => r.render ?? '—' },
  { heading: 'terms', cell: (r) => r.terms ?? '—' },
  { heading: 'evidence', cell: (r) => (r.evidence ? describeEvidence(r.evidence) : '—') },
  {
    heading: 'preset',
    cell: (r) => r.preset ?? '—',
    needed: (rows) => rows.some((r) => r.preset !== null),
  },
  {
    heading: 'regions',
    cell: (r) => (r.kind === 'register' ? '—' : regionsCell(r.regions)),
    needed: (rows) => rows.some((r) => r.regions !== null),
  },
  { heading: 'last run', cell: describeRow },
]

/** The table of `propdata sources`, with the columns these rows need. */
function formatSourceTable(rows: readonly SourceRow[]): string[] {
  const columns = COLUMNS.filter((c) => c.needed?.(rows) ?? true)
  return formatTable(
    columns.map(({ heading }) => ({ heading })),
    rows.map((r) => columns.map((c) => c.cell(r))),
  )
}

/** "Evidence: 26 recorded, 9 platform-format, 5 none": how the parsers of the sources listed were checked. */
function evidenceLine(rows: readonly SourceRow[]): string {
  const counts = countEvidence(rows.map((r) => r.evidence))
  return `Evidence: ${EVIDENCE_KINDS.map((kind) => `${counts[kind]} ${kind}`).join(', ')} (docs/evidence.md)`
}

/** Cities shown per source in the table; `--json` has them all. */
const REGIONS_SHOWN = 3

/** The first few cities a source covers and how many more, so that one long list does not widen the table. */
function regionsCell(regions: readonly string[] | null | undefined): string {
  if (!regions) return 'whole country'
  const shown = regions.slice(0, REGIONS_SHOWN).join(', ')
  return regions.length > REGIONS_SHOWN ? `${shown} +${regions.length - REGIONS_SHOWN} more` : shown
}

/**
 * `propdata sources`: every source with its kind, render mode, terms, evidence (preset, regions if set) and last
 * run, then how many sources have each kind of evidence.
 */
export async function listSources(options: GlobalOptions): Promise<void> {
  // A broken site file fails the command before it opens the database.
  await loadRegistry()
  await withStore(configFrom(options), async (store) => {
    const rows = await readSourceRows(store)
    printResult(options, rows, () => [...formatSourceTable(rows), '', evidenceLine(rows)].join('\n'))
  })
}

/**
 * `propdata sources retire ID`: withdraws every listing the source has on offer, in one published generation, and
 * leaves it out of runs over every source.
 */
export async function retire(id: string, options: GlobalOptions): Promise<void> {
  if (REGISTERS.some((r) => r.id === id))
    throw new CliError(`${id} is a register, not a listing source: it cannot be retired`, EXIT.USAGE)
  const config = configFrom(options)
  const logger = createCliLogger(options)
  await withStore(config, async (store) => {
    const registry = await registerRegistry(store)
    const known = await readListingSources(store)
    if (!known.some((s) => s.id === id))
      throw new CliError(
        `No listing source ${id}: neither registered nor in the database; known: ${known.map((s) => s.id).join(', ')}`,
        EXIT.USAGE,
      )
    const priority = await readSourcePriority(store, config.sourcePriority)
    const report = await exitIfLocked(() =>
      withRunLock(store, 'sources retire', logger, () => retireSource(store, id, { priority })),
    )
    const registered = registry.find(id)
      ? `\n  ${id} is still registered: runs over every source leave it out; one that names it (--sources ${id}) brings it back`
      : ''
    printResult(
      options,
      report,
      () =>
        `Retired ${id}: ${count(report.withdrawn, 'active listing')} withdrawn; ${report.withdrawn > 0 ? 'published' : 'nothing changed in'} generation ${report.generation} (run ${report.runId})${registered}`,
    )
  })
}
