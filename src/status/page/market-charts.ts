/** The charts of the market now: listings per city and type, and how fresh each source's listings are. */
import type * as PlotApi from '@observablehq/plot'
import type { StatusData, StatusSource } from '../status-schema.js'
import { age, type Chart, table, unitOf } from './elements.js'
import { labelMargin } from './run-axis.js'
import {
  CITIES_SHOWN,
  decimals,
  FRESHNESS_SERIES,
  numbers,
  OLDEST_SERIES,
  percent,
  share,
  TYPE_SERIES,
} from './series.js'

declare const Plot: typeof PlotApi

/** Listings on offer per city and type: the largest cities, the others summed; null when none is on offer. */
export function citiesChart(data: StatusData): Chart | null {
  if (data.market.by_city_type.length === 0) return null
  const totals = new Map<string, number>()
  for (const r of data.market.by_city_type) totals.set(r.city, (totals.get(r.city) ?? 0) + r.listings)
  const top = [...totals.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, CITIES_SHOWN)
  const shown = new Set(top.map(([city]) => city))
  const others = totals.size - shown.size
  const otherLabel = `${others} other ${others === 1 ? 'city' : 'cities'}`
  const rows = data.market.by_city_type.map((r) => ({ ...r, city: shown.has(r.city) ? r.city : otherLabel }))
  const order = [...top.map(([city]) => city), ...(others > 0 ? [otherLabel] : [])]
  return {
    title: 'Listings on offer per city and type',
    description: `${numbers.format(data.market.active_listings)} listings on offer in ${totals.size} cities; the most in ${top[0]?.[0] ?? 'none'}.`,
    legend: TYPE_SERIES,
    draw: (width) =>
      Plot.plot({
        width,
        height: 40 + 22 * order.length,
        marginLeft: labelMargin(order),
        x: { label: null, grid: true, tickFormat: 's' },
        y: { domain: order, label: null },
        color: { domain: TYPE_SERIES.map((s) => s.key), range: TYPE_SERIES.map((s) => s.color) },
        ariaLabel: 'Listings on offer per city and type',
        marks: [
          Plot.barX(rows, {
            y: 'city',
            x: 'listings',
            fill: 'type',
            order: TYPE_SERIES.map((s) => s.key),
            title: (r: { city: string; type: string; listings: number }) =>
              `${r.city}, ${r.type}: ${numbers.format(r.listings)}`,
          }),
          Plot.ruleX([0]),
        ],
      }),
    table: () =>
      table(
        'Listings on offer per city and type',
        ['city', 'type', 'listings'],
        data.market.by_city_type.map((r) => [r.city, r.type, r.listings]),
      ),
  }
}

/** The share of each source's listings verified in the last night, the week, longer ago, or never; null without any. */
export function freshnessChart(data: StatusData): Chart | null {
  const shown = data.sources.filter((s) => s.active_listings > 0)
  if (shown.length === 0) return null
  const parts = (s: StatusSource): Record<string, number> => ({
    night: s.verified_last_night,
    week: s.verified_last_week - s.verified_last_night,
    never: s.kind === 'file' ? s.active_listings : 0,
    older: s.kind === 'file' ? 0 : s.active_listings - s.verified_last_week,
  })
  const rows = shown.flatMap((s) =>
    FRESHNESS_SERIES.map((f) => ({
      source: s.name,
      part: f.key,
      share: parts(s)[f.key]! / s.active_listings,
    })),
  )
  return {
    title: 'When each source’s listings were last verified',
    description: `Of the listings the sources show, ${share(
      shown.reduce((n, s) => n + s.verified_last_night, 0),
      shown.reduce((n, s) => n + s.active_listings, 0),
    )} were verified in the last 24 hours.`,
    legend: FRESHNESS_SERIES,
    draw: (width) =>
      Plot.plot({
        width,
        height: 40 + 22 * shown.length,
        marginLeft: labelMargin(shown.map((s) => s.name)),
        x: { label: null, domain: [0, 1], tickFormat: '%', grid: true },
        y: { domain: shown.map((s) => s.name), label: null },
        color: { domain: FRESHNESS_SERIES.map((s) => s.key), range: FRESHNESS_SERIES.map((s) => s.color) },
        ariaLabel: 'When each source’s listings were last verified',
        marks: [
          Plot.barX(rows, {
            y: 'source',
            x: 'share',
            fill: 'part',
            stroke: '#888888',
            strokeWidth: 0.5,
            order: FRESHNESS_SERIES.map((s) => s.key),
            title: (r: { source: string; part: string; share: number }) =>
              `${r.source}: ${percent.format(r.share)} ${FRESHNESS_SERIES.find((f) => f.key === r.part)!.label}`,
          }),
        ],
      }),
    table: () =>
      table(
        'Listings per source, resolved and verified',
        [
          'source',
          'listings',
          'resolved to a home',
          'verified last 24 h',
          'verified last 7 days',
          'oldest verified',
        ],
        shown.map((s) => [
          s.name,
          s.active_listings,
          share(s.resolved, s.active_listings),
          share(s.verified_last_night, s.active_listings),
          share(s.verified_last_week, s.active_listings),
          s.oldest_verified_at ?? (s.kind === 'file' ? 'read from a file' : '—'),
        ]),
      ),
  }
}

/** How long the least recently verified listing of each source has gone unverified. */
export function oldestChart(data: StatusData, now: number): Chart | null {
  const rows = data.sources
    .filter((s) => s.oldest_verified_at !== null)
    .map((s) => ({
      source: s.name,
      at: s.oldest_verified_at!,
      ms: now - Date.parse(s.oldest_verified_at!),
    }))
  if (rows.length === 0) return null
  const unit = unitOf(Math.max(...rows.map((r) => r.ms)))
  return {
    title: 'The oldest unverified listing of each source',
    description: `The least recently verified listing of any source was verified ${age(
      rows.reduce((a, b) => (a.at < b.at ? a : b)).at,
      now,
    )} ago.`,
    legend: [{ ...OLDEST_SERIES, label: `${unit.name} since verified` }],
    draw: (width) =>
      Plot.plot({
        width,
        height: 40 + 22 * rows.length,
        marginLeft: labelMargin(rows.map((r) => r.source)),
        x: { label: null, grid: true, tickFormat: (d: number) => `${decimals.format(d)} ${unit.short}` },
        y: { domain: rows.map((r) => r.source), label: null },
        ariaLabel: `The oldest unverified listing of each source, in ${unit.name}`,
        marks: [
          Plot.barX(rows, {
            y: 'source',
            x: (r: { ms: number }) => r.ms / unit.ms,
            fill: OLDEST_SERIES.color,
            title: (r: { source: string; at: string }) =>
              `${r.source}: verified ${age(r.at, now)} ago (${r.at})`,
          }),
          Plot.ruleX([0]),
        ],
      }),
    table: () =>
      table(
        'The oldest unverified listing of each source',
        ['source', 'last verified', `${unit.name} ago`],
        rows.map((r) => [r.source, r.at, decimals.format(r.ms / unit.ms)]),
      ),
  }
}
