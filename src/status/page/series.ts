/** The page's series (their names, colours and symbols), its formats of numbers, dates and ages. */
import type { Verdict } from '../status-schema.js'

/** A series of a chart: what it is called, its colour and, for marks, its symbol. */
export interface Series {
  readonly key: string
  readonly label: string
  readonly color: string
  readonly symbol?: string
  /** Drawn as a line with this dash pattern. */
  readonly dash?: string
}

/** How each verdict is marked: its shape tells it apart without colour. */
export const VERDICT_SERIES: readonly (Series & { key: Verdict; symbol: string })[] = [
  { key: 'ok', label: 'ok', color: '#1a9641', symbol: 'circle' },
  { key: 'degraded', label: 'degraded', color: '#e6a100', symbol: 'triangle' },
  { key: 'failed', label: 'failed', color: '#d7191c', symbol: 'times' },
  { key: 'blocked', label: 'blocked', color: '#5e3c99', symbol: 'square' },
  { key: 'stopped', label: 'stopped', color: '#777777', symbol: 'diamond' },
  { key: 'skipped', label: 'skipped', color: '#bbbbbb', symbol: 'wye' },
]

/** A night's requests by kind, stacked darkest first; the 304 answers are among them. */
export const REQUEST_SERIES: readonly Series[] = [
  { key: 'robots', label: 'robots.txt', color: '#041f4a' },
  { key: 'list', label: 'list pages', color: '#08519c' },
  { key: 'detail_new', label: 'new listings', color: '#3182bd' },
  { key: 'detail_changed', label: 'changed cards', color: '#6baed6' },
  { key: 'refresh', label: 'refresh rotation', color: '#c6dbef' },
]

/** The lower bound: a black tick across each night's bar. */
export const BOUND_SERIES: Series = { key: 'lower_bound', label: 'lower bound', color: '#000000' }

/** What a night changed, stacked; the rejected rows are a line with crosses over them. */
export const CHANGE_SERIES: readonly Series[] = [
  { key: 'withdrawn', label: 'withdrawn', color: '#40004b' },
  { key: 'new', label: 'new', color: '#1b7837' },
  { key: 'changed', label: 'changed', color: '#a6dba0' },
]
export const REJECT_SERIES: Series = {
  key: 'rejected',
  label: 'rejected rows',
  color: '#d6604d',
  symbol: 'times',
}

/** Listings shown after each night (a solid line with dots) and those the night read (dashed). */
export const LISTING_SERIES: readonly Series[] = [
  { key: 'active_listings', label: 'shown after the night', color: '#08519c', symbol: 'circle' },
  { key: 'listings', label: 'read in the night', color: '#6baed6', dash: '5,3' },
]

/** The night's hours at the source's politeness, against the night's length. */
export const HOURS_SERIES: readonly Series[] = [
  { key: 'polite_hours', label: 'hours at its politeness', color: '#6a51a3' },
  { key: 'night_hours', label: 'the night', color: '#000000', dash: '4,3' },
]

/** Listings on offer by type. */
export const TYPE_SERIES: readonly Series[] = [
  { key: 'buy', label: 'for sale', color: '#053061' },
  { key: 'rent', label: 'for rent', color: '#4393c3' },
]

/** How recently a source's listings were verified, freshest first. */
export const FRESHNESS_SERIES: readonly Series[] = [
  { key: 'night', label: 'in the last 24 hours', color: '#00441b' },
  { key: 'week', label: 'earlier this week', color: '#41ab5d' },
  { key: 'older', label: 'longer ago', color: '#a1d99b' },
  { key: 'never', label: 'never (read from a file)', color: '#f7f7f7' },
]

export const OLDEST_SERIES: Series = { key: 'age', label: 'since verified', color: '#8c2d04' }

/** The top of the list of cities; the others are summed in one bar. */
export const CITIES_SHOWN = 15
export const MINUTE_MS = 60_000
export const HOUR_MS = 60 * MINUTE_MS
export const DAY_MS = 24 * HOUR_MS

export const numbers = new Intl.NumberFormat('en-GB')
export const decimals = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 })
export const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 0 })
export const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})
export const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' })

export const share = (part: number, whole: number): string => (whole > 0 ? percent.format(part / whole) : '—')
