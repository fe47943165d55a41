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
  /** The same within the listings that merged others by their facts (`listing_aliases`), and how many they merged. */
  byFacts: { listings: number; mergedPairs: number; correctPairs: number } | null
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
  const pairs = (group: string, where = '') =>
    sqlite
      .prepare(
        `select coalesce(sum(n * (n - 1) / 2), 0) from (select count(*) as n from offer_listings ${where} group by ${group})`,
      )
      .pluck()
      .get() as number
  const aliases =
    sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'listing_aliases'").get() !==
    undefined
  const survivors = 'where listing_id in (select survivor_id from listing_aliases)'
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
    byFacts: aliases
      ? {
          listings: sqlite.prepare('select count(*) from listing_aliases').pluck().get() as number,
          mergedPairs: pairs('listing_id', survivors),
          correctPairs: pairs('listing_id, home', survivors),
        }
      : null,
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
 * Groups of active listings that look like the same home shown twice: more than one listing with the same offer
 * type, street, postcode, price and area; and those of them whose listings come from more than one source (twins
 * on one site are two homes the site itself tells apart).
 */
function lookalikeGroups(sqlite: Database.Database): { all: number; acrossSources: number } {
  return sqlite
    .prepare(
      `select count(*) as "all", coalesce(sum(sources > 1), 0) as acrossSources from (
         select count(distinct o.source_id) as sources
           from listings l join observations o on o.listing_id = l.id and o.status = 'active'
          where l.status = 'active' and l.price is not null and l.surface_area is not null
            and l.street is not null and l.postcode is not null
          group by l.type, lower(l.street), l.postcode, l.price, l.surface_area having count(distinct l.id) > 1)`,
    )
    .get() as { all: number; acrossSources: number }
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
    const lookalikes = lookalikeGroups(sqlite)
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
            'look-alike groups': lookalikes.all,
            'of them across sources': lookalikes.acrossSources,
          },
        ],
        notes: [
          `${p.offers.toLocaleString('en')} observations matched to an offer, ${p.unmatched} not.`,
          p.byFacts
            ? `merged by their facts (docs/dedupe.md): ${p.byFacts.listings.toLocaleString('en')} listings into others; the listings that took them hold ${p.byFacts.correctPairs.toLocaleString('en')} pairs of one home and ${(p.byFacts.mergedPairs - p.byFacts.correctPairs).toLocaleString('en')} of two.`
            : 'no listing merged by its facts (the code predates it).',
          'look-alike groups: active listings sharing offer type, street, postcode, price and area (the same home shown twice, or twins); across sources: of more than one source.',
        ],
      },
      { title: 'Active observations resolved to a BAG object, per source', rows: resolvedShares(sqlite) },
    ]
  } finally {
    sqlite.close()
  }
}
