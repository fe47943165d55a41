import type { MarketSite } from '../../testkit/market/market-state.js'
import { type Night, siteRequests } from './crawl-nights.js'
import { type Share, shareOf } from './night-figures.js'

/** What a night of crawling must reach, per source. */
export const TARGETS = {
  /** Requests ÷ lower bound on every night after the first, which is the first read (every listing's detail page). */
  ratio: 1.2,
  /** A night's length at the source's politeness, on every night after the first. */
  hours: 8,
  /** The least share of new offers, price changes and withdrawals shown after their nights. */
  shown: 0.99,
} as const

/** One mode's nights summed up per source, and which targets they miss. */
export interface SourceSummary {
  readonly site: MarketSite
  /** The highest requests ÷ lower bound after the first night (0 with one night). */
  readonly maxRatio: number
  readonly firstNightHours: number
  /** The longest night after the first, at the source's politeness (0 with one night). */
  readonly longestHours: number
  /** The least share over the nights that had something to show. */
  readonly minNew: number
  readonly minPrices: number
  readonly minWithdrawals: number
  readonly withdrawnWrongly: number
  /** The targets missed, by name; empty when every one holds. */
  readonly missed: readonly string[]
}

const least = (shares: readonly Share[]) => Math.min(1, ...shares.map(shareOf))

/** The summary of one mode's nights for `site`. */
export function summarise(nights: readonly Night[], site: MarketSite): SourceSummary {
  const of = nights.map((n) => ({
    night: n.night,
    counts: n.counts,
    s: n.sites.find((s) => s.site === site)!,
  }))
  const later = of.filter((n) => n.night > 0)
  const ratios = later.map(({ counts, s }) =>
    s.lowerBound > 0 ? siteRequests(counts, site).total / s.lowerBound : 0,
  )
  const summary = {
    site,
    maxRatio: Math.max(0, ...ratios),
    firstNightHours: (of.find((n) => n.night === 0)?.s.politeSeconds ?? 0) / 3600,
    longestHours: Math.max(0, ...later.map(({ s }) => s.politeSeconds)) / 3600,
    minNew: least(of.map(({ s }) => s.newShown)),
    minPrices: least(of.map(({ s }) => s.pricesShown)),
    minWithdrawals: least(of.map(({ s }) => s.withdrawalsShown)),
    withdrawnWrongly: of.reduce((n, { s }) => n + s.withdrawnWrongly, 0),
  }
  const missed = [
    summary.maxRatio > TARGETS.ratio && 'ratio',
    summary.longestHours > TARGETS.hours && 'hours',
    summary.minNew < TARGETS.shown && 'new',
    summary.minPrices < TARGETS.shown && 'prices',
    summary.minWithdrawals < TARGETS.shown && 'withdrawals',
    summary.withdrawnWrongly > 0 && 'wrongly withdrawn',
  ].filter((m): m is string => m !== false)
  return { ...summary, missed }
}
