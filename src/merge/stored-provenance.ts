import { type FieldProvenance, GOLDEN_FIELDS, type GoldenRecord } from './golden-record.js'

type Provenance = GoldenRecord['provenance']
type Conflict = NonNullable<FieldProvenance['conflicts']>[number]
type Rejected = NonNullable<FieldProvenance['rejected']>[number]
type StoredConflict = [string, unknown, string]
type StoredRejected = [string, unknown, string, string]

/** One stored entry: see {@link storeProvenance}. */
type StoredEntry =
  | null
  | 0
  | [string, string]
  | [string, string, StoredConflict[]]
  | [string, string, StoredConflict[] | 0, StoredRejected[]]

/**
 * Provenance as `golden_records.provenance_json` stores it: a JSON array with one entry per field, in the order of
 * `GOLDEN_FIELDS`, which is the API's. An entry is null (no source knows the field), `[source, observed_at]`,
 * `[source, observed_at, conflicts]` with each conflict as `[source, value, observed_at]`, `[source, observed_at,
 * conflicts or 0 for none, rejected]` with each rejected value as `[source, value, observed_at, reason]`, or `0` for
 * "the source and date of the nearest entry before it, without conflicts or rejected values". The API's object form
 * repeats its key names and, for a home only the BAG describes, the same `{"source":"bag","observed_at":…}` four
 * times: 284 of a record's 457 bytes on the national bench, where a run rewrites every page of the table. Stored this
 * way it is 38 bytes for such a home.
 */
export function storeProvenance(provenance: Provenance): string {
  const entries: StoredEntry[] = []
  let previous: FieldProvenance | null = null
  for (const field of GOLDEN_FIELDS) {
    const entry = provenance[field]
    if (!entry) entries.push(null)
    else if (entry.conflicts || entry.rejected) {
      const conflicts = entry.conflicts?.map((c): StoredConflict => [c.source, c.value, c.observed_at])
      if (!entry.rejected) entries.push([entry.source, entry.observed_at, conflicts ?? []])
      else {
        const rejected = entry.rejected.map(
          (r): StoredRejected => [r.source, r.value, r.observed_at, r.reason],
        )
        entries.push([entry.source, entry.observed_at, conflicts ?? 0, rejected])
      }
    } else if (previous?.source === entry.source && previous.observed_at === entry.observed_at)
      entries.push(0)
    else entries.push([entry.source, entry.observed_at])
    if (entry) previous = entry
  }
  return JSON.stringify(entries)
}

const RECENT_MAX = 4_096

/** `expand` with its answers for the stored forms seen lately kept: homes only the BAG describes share a handful. */
function memoiseRecent(expand: (stored: string) => string): (stored: string) => string {
  const recent = new Map<string, string>()
  return (stored) => {
    let value = recent.get(stored)
    if (value === undefined) {
      value = expand(stored)
      if (recent.size >= RECENT_MAX) recent.clear()
      recent.set(stored, value)
    }
    return value
  }
}

/** The object form of a stored provenance (see {@link storeProvenance}); a record from before that form holds it. */
function expand(stored: string): Record<string, FieldProvenance | null> {
  if (stored.startsWith('{')) return JSON.parse(stored) as Record<string, FieldProvenance | null>
  const entries = JSON.parse(stored) as StoredEntry[]
  const provenance: Record<string, FieldProvenance | null> = {}
  let previous: FieldProvenance | null = null
  GOLDEN_FIELDS.forEach((field, i) => {
    const entry = entries[i] ?? null
    let value: FieldProvenance | null = null
    if (entry === 0 && previous) value = { source: previous.source, observed_at: previous.observed_at }
    else if (Array.isArray(entry)) {
      const [source, observed_at, conflicts, rejected] = entry
      value = { source, observed_at }
      if (conflicts)
        value = {
          ...value,
          conflicts: conflicts.map(([s, v, at]): Conflict => ({ source: s, value: v, observed_at: at })),
        }
      if (rejected)
        value = {
          ...value,
          rejected: rejected.map(
            ([s, v, at, reason]): Rejected => ({ source: s, value: v, observed_at: at, reason }),
          ),
        }
    }
    provenance[field] = value
    if (value) previous = value
  })
  return provenance
}

/**
 * The JSON object of a stored provenance, byte for byte what `JSON.stringify` gives for the record's `provenance`:
 * what the golden record's content hash embeds. A record written before the compact form holds that object already.
 */
export const provenanceJson = memoiseRecent((stored) =>
  stored.startsWith('{') ? stored : JSON.stringify(expand(stored)),
)

/** {@link provenanceJson} as a JSON string literal, as the golden record's content hash embeds it. */
export const quotedProvenanceJson = memoiseRecent((stored) => JSON.stringify(provenanceJson(stored)))

/**
 * The day an `observed_at` names: a register's date as it is, a listing source's time of sighting (an ISO timestamp in
 * UTC) as its date. The merge keeps the time, which orders what sources said on one day; the API states the day.
 */
const dayOf = (observedAt: string) => observedAt.slice(0, 10)

/** `entry` with every `observed_at` in it made its day. */
const onDays = (entry: FieldProvenance): FieldProvenance => ({
  ...entry,
  observed_at: dayOf(entry.observed_at),
  ...(entry.conflicts && {
    conflicts: entry.conflicts.map((c) => ({ ...c, observed_at: dayOf(c.observed_at) })),
  }),
  ...(entry.rejected && {
    rejected: entry.rejected.map((r) => ({ ...r, observed_at: dayOf(r.observed_at) })),
  }),
})

/** The API's `provenance` object for a stored provenance: every `observed_at` a date, `YYYY-MM-DD`. */
export const servedProvenanceJson = memoiseRecent((stored) => {
  const provenance = expand(stored)
  for (const [field, entry] of Object.entries(provenance)) provenance[field] = entry && onDays(entry)
  return JSON.stringify(provenance)
})
