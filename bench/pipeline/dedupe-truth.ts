import { readFileSync } from 'node:fs'
import Database from 'better-sqlite3'
import type { BenchTable } from '../support/bench.js'

/** Pairs of offers, each of one home on two sources, counted against what the pipeline made of them. */
interface PairCounts {
  /** Offers with a stored observation, and observations no offer accounts for (a wrong id mapping shows here). */
  offers: number
  unmatched: number
  /** Pairs of offers of one home: what a perfect dedupe puts in one listing. */
  truePairs: number
  /** Pairs of offers the pipeline put in one listing, and those of them that are one home. */
  mergedPairs: number
  correctPairs: number
}

/** Each offer's home from the generator's `offer-homes.csv`, in a temporary table of the connection. */
function loadOfferHomes(sqlite: Database.Database, csvPath: string): void {
  sqlite.exec(
    'create temp table offer_homes (source text not null, id text not null, home text not null, primary key (source, id)) without rowid',
  )
  const insert = sqlite.prepare('insert or ignore into offer_homes values (?, ?, ?)')
  const lines = readFileSync(csvPath, 'utf8').split('\n').slice(1)
  sqlite.transaction(() => {
    for (const line of lines) {
      const [source, id, home] = line.split(',')
      if (source && id && home) insert.run(source, id, home)
    }
  })()
}

/** Pairs of one home across sources, merged or not, read from the run's database against the ground truth. */
function countPairs(sqlite: Database.Database): PairCounts {
  sqlite.exec(`create temp table offer_listings as
    select o.listing_id, h.home from observations o join offer_homes h on h.source = o.source_id and h.id = o.source_listing_id`)
  const pairs = (group: string) =>
    sqlite
      .prepare(
        `select coalesce(sum(n * (n - 1) / 2), 0) from (select count(*) as n from offer_listings group by ${group})`,
      )
      .pluck()
      .get() as number
  return {
    offers: sqlite.prepare('select count(*) from offer_listings').pluck().get() as number,
    unmatched: sqlite
      .prepare(
        'select count(*) from observations o where not exists (select 1 from offer_homes h where h.source = o.source_id and h.id = o.source_listing_id)',
      )
      .pluck()
      .get() as number,
    truePairs: pairs('home'),
    mergedPairs: pairs('listing_id'),
    correctPairs: pairs('listing_id, home'),
  }
}

/** The share of each source's active observations, and of the active listings, tied to a BAG object. */
function resolvedShares(sqlite: Database.Database): Record<string, string | number>[] {
  const rows = sqlite
    .prepare<[], { source: string; active: number; resolved: number }>(
      `select source_id as source, count(*) as active, sum(bag_vbo_id is not null) as resolved
         from observations where status = 'active' group by source_id
       union all
       select '(listings)', count(*), sum(bag_id is not null) from listings where status = 'active'`,
    )
    .all()
  return rows.map((r) => ({ ...r, 'resolved %': (100 * r.resolved) / Math.max(1, r.active) }))
}

/**
 * Groups of active listings the issue counted as the same home shown twice: more than one listing with the same
 * offer type, street, postcode, price and area.
 */
function lookalikeGroups(sqlite: Database.Database): number {
  return sqlite
    .prepare(
      `select count(*) from (select 1 from listings where status = 'active' and price is not null and surface_area is not null
          and street is not null and postcode is not null
        group by type, lower(street), postcode, price, surface_area having count(*) > 1)`,
    )
    .pluck()
    .get() as number
}

/**
 * How well the run's dedupe did against the dataset's ground truth (`offer-homes.csv`): pairs of one home merged,
 * missed and merged wrongly, and the share of listings resolved to a home per source.
 */
export function dedupeAgainstTruth(dbPath: string, offerHomesCsv: string): BenchTable[] {
  const sqlite = new Database(dbPath, { readonly: true })
  try {
    loadOfferHomes(sqlite, offerHomesCsv)
    const p = countPairs(sqlite)
    return [
      {
        title: 'Dedupe against the generator’s ground truth (pairs of offers of one home on two sources)',
        rows: [
          {
            'true pairs': p.truePairs,
            merged: p.correctPairs,
            missed: p.truePairs - p.correctPairs,
            'wrongly merged': p.mergedPairs - p.correctPairs,
            'recall %': (100 * p.correctPairs) / Math.max(1, p.truePairs),
            'look-alike groups': lookalikeGroups(sqlite),
          },
        ],
        notes: [
          `${p.offers.toLocaleString('en')} observations matched to an offer, ${p.unmatched} not.`,
          'look-alike groups: active listings sharing offer type, street, postcode, price and area (the same home shown twice, or twins).',
        ],
      },
      { title: 'Active observations resolved to a BAG object, per source', rows: resolvedShares(sqlite) },
    ]
  } finally {
    sqlite.close()
  }
}
