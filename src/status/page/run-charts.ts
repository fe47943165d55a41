/** The charts of runs: every source's health, and a source's listings, changes, requests and hours per night. */
import type * as PlotApi from '@observablehq/plot'
import type { StatusData, StatusNight, StatusSource } from '../status-schema.js'
import { type Chart, table } from './elements.js'
import {
  barInset,
  barSides,
  labelMargin,
  RUN_MARGIN_LEFT,
  RUN_MARGIN_RIGHT,
  runAxis,
  runName,
  runOf,
  verdictScales,
  verdictText,
} from './run-axis.js'
import {
  BOUND_SERIES,
  CHANGE_SERIES,
  decimals,
  HOURS_SERIES,
  LISTING_SERIES,
  numbers,
  REJECT_SERIES,
  REQUEST_SERIES,
  type Series,
  VERDICT_SERIES,
} from './series.js'

declare const Plot: typeof PlotApi

/** Every source's verdict on every run: one row of marks per source on the runs' axis; null without sources. */
export function healthChart(data: StatusData): Chart | null {
  if (data.sources.length === 0) return null
  type Cell = { readonly source: string; readonly night: StatusNight }
  const cells: Cell[] = data.sources.flatMap((s) => s.nights.map((night) => ({ source: s.name, night })))
  const failing = data.sources.filter((s) => s.nights.at(-1) && s.nights.at(-1)!.status !== 'ok')
  return {
    title: 'Health of every source, run by run',
    description: `${data.sources.length} sources over ${data.runs.length} runs; last run: ${
      failing.length === 0
        ? 'every source ok'
        : failing.map((s) => `${s.name} ${s.nights.at(-1)!.status}`).join(', ')
    }.`,
    legend: VERDICT_SERIES,
    draw: (width) =>
      Plot.plot({
        width,
        height: 40 + 18 * data.sources.length,
        marginLeft: labelMargin(data.sources.map((s) => s.name)),
        x: runAxis(data, width),
        y: { type: 'band', domain: data.sources.map((s) => s.name), label: null, grid: true },
        ...verdictScales,
        ariaLabel: 'Health of every source, run by run',
        marks: [
          Plot.dot(cells, {
            x: (c: Cell) => c.night.run_id,
            y: 'source',
            symbol: (c: Cell) => c.night.status,
            fill: (c: Cell) => c.night.status,
            stroke: (c: Cell) => c.night.status,
            strokeWidth: 2,
            r: 4.5,
            title: (c: Cell) => `${c.source} — ${runName(data, c.night.run_id)}: ${verdictText(c.night)}`,
          }),
        ],
      }),
    table: () =>
      table(
        'Each source’s status in each run',
        ['source', 'run', 'started', 'status', 'why'],
        cells.map((c) => [
          c.source,
          c.night.run_id,
          runOf(data, c.night.run_id)?.started_at ?? '',
          c.night.status,
          [c.night.degraded_by.join(', '), c.night.message ?? ''].filter(Boolean).join(': '),
        ]),
      ),
  }
}

/** A source's listings, shown after each night and read in it, with the night's verdict marked along the top. */
export function listingsChart(data: StatusData, source: StatusSource): Chart {
  const last = source.nights.at(-1)!
  const verdicts = VERDICT_SERIES.filter((v) => source.nights.some((n) => n.status === v.key))
  return {
    title: 'Listings, and each run’s status along the top',
    description: `${source.name}: listings shown after each of its last ${source.nights.length} runs; after the last, ${numbers.format(last.active_listings ?? last.listings)}.`,
    legend: [...LISTING_SERIES, ...verdicts.map((v) => ({ ...v, label: `run ${v.label}` }))],
    draw: (width) =>
      Plot.plot({
        width,
        height: 190,
        marginTop: 22,
        marginLeft: RUN_MARGIN_LEFT,
        marginRight: RUN_MARGIN_RIGHT,
        x: runAxis(data, width),
        y: { label: null, grid: true, zero: true, tickFormat: 's' },
        ...verdictScales,
        ariaLabel: `${source.name}: listings`,
        marks: [
          Plot.lineY(source.nights, {
            x: 'run_id',
            y: 'listings',
            stroke: LISTING_SERIES[1]!.color,
            strokeDasharray: LISTING_SERIES[1]!.dash,
            strokeWidth: 2,
          }),
          Plot.dot(source.nights, {
            x: 'run_id',
            y: 'listings',
            stroke: LISTING_SERIES[1]!.color,
            fill: 'white',
            r: 2,
          }),
          Plot.lineY(source.nights, {
            x: 'run_id',
            y: 'active_listings',
            stroke: LISTING_SERIES[0]!.color,
            strokeWidth: 2,
          }),
          Plot.dot(source.nights, {
            x: 'run_id',
            y: 'active_listings',
            fill: LISTING_SERIES[0]!.color,
            r: 2.5,
            title: (n: StatusNight) =>
              `${runName(data, n.run_id)}: ${numbers.format(n.active_listings ?? 0)} shown, ${numbers.format(n.listings)} read`,
          }),
          Plot.dot(source.nights, {
            x: 'run_id',
            frameAnchor: 'top',
            dy: -12,
            symbol: 'status',
            fill: 'status',
            stroke: 'status',
            strokeWidth: 2,
            r: 4,
            title: (n: StatusNight) => `${runName(data, n.run_id)}: ${verdictText(n)}`,
          }),
        ],
      }),
    table: () =>
      table(
        `${source.name}: listings and status per run`,
        ['run', 'started', 'status', 'shown after', 'read', 'why'],
        source.nights.map((n) => [
          n.run_id,
          runOf(data, n.run_id)?.started_at ?? '',
          n.status,
          n.active_listings ?? '—',
          n.listings,
          [n.degraded_by.join(', '), n.message ?? ''].filter(Boolean).join(': '),
        ]),
      ),
  }
}

/** One segment of a run's stacked bar: how many of one kind. */
interface Segment {
  readonly run_id: number
  readonly kind: string
  readonly n: number
}

/**
 * A bar per run stacked by kind, in the series' order and colours, with `marks` drawn over it: the shape the changes
 * and the requests charts share.
 */
function stackedRunPlot(
  data: StatusData,
  width: number,
  options: {
    readonly series: readonly Series[]
    readonly stacked: readonly Segment[]
    /** How a segment's kind is named in its tooltip. */
    readonly segmentName: (kind: string) => string
    readonly ariaLabel: string
    readonly marks: PlotApi.Markish[]
  },
) {
  const kinds = options.series.map((s) => s.key)
  return Plot.plot({
    width,
    height: 170,
    marginLeft: RUN_MARGIN_LEFT,
    marginRight: RUN_MARGIN_RIGHT,
    x: runAxis(data, width),
    y: { label: null, grid: true, tickFormat: 's' },
    color: { domain: kinds, range: options.series.map((s) => s.color) },
    ariaLabel: options.ariaLabel,
    marks: [
      Plot.barY(options.stacked, {
        x: 'run_id',
        y: 'n',
        fill: 'kind',
        ...barSides(data, width),
        order: kinds,
        title: (d: Segment) =>
          `${runName(data, d.run_id)}: ${numbers.format(d.n)} ${options.segmentName(d.kind)}`,
      }),
      ...options.marks,
      Plot.ruleY([0]),
    ],
  })
}

/** What each night changed of a source's listings, and the rows it rejected. */
export function changesChart(data: StatusData, source: StatusSource): Chart {
  const stacked = source.nights.flatMap((n) =>
    CHANGE_SERIES.map((s) => ({
      run_id: n.run_id,
      kind: s.key,
      n: n[s.key as 'new' | 'changed' | 'withdrawn'],
    })),
  )
  const last = source.nights.at(-1)!
  return {
    title: 'New, changed and withdrawn listings; rejected rows',
    description: `${source.name}: in its last run ${last.new} new, ${last.changed} changed, ${last.withdrawn} withdrawn, ${last.rejected} rejected.`,
    legend: [...CHANGE_SERIES, REJECT_SERIES],
    draw: (width) =>
      stackedRunPlot(data, width, {
        series: CHANGE_SERIES,
        stacked,
        segmentName: (kind) => kind,
        ariaLabel: `${source.name}: new, changed and withdrawn listings, and rejected rows`,
        marks: [
          Plot.lineY(source.nights, {
            x: 'run_id',
            y: 'rejected',
            stroke: REJECT_SERIES.color,
            strokeWidth: 1.5,
          }),
          Plot.dot(
            source.nights.filter((n) => n.rejected > 0),
            {
              x: 'run_id',
              y: 'rejected',
              symbol: 'times',
              stroke: REJECT_SERIES.color,
              strokeWidth: 2,
              r: 3.5,
              title: (n: StatusNight) => `${runName(data, n.run_id)}: ${numbers.format(n.rejected)} rejected`,
            },
          ),
        ],
      }),
    table: () =>
      table(
        `${source.name}: what each run changed`,
        ['run', 'new', 'changed', 'withdrawn', 'rejected'],
        source.nights.map((n) => [n.run_id, n.new, n.changed, n.withdrawn, n.rejected]),
      ),
  }
}

/** A night's requests by kind, stacked, with its lower bound as a black tick across each bar. */
export function requestsChart(data: StatusData, source: StatusSource): Chart {
  const counted = source.nights.filter((n) => n.requests !== null)
  const stacked = counted.flatMap((n) => {
    const r = n.requests!
    // robots.txt is what the total has beyond the kinds the crawl counts.
    const byKind: Record<string, number> = {
      ...r,
      robots: r.total - r.list - r.detail_new - r.detail_changed - r.refresh,
    }
    return REQUEST_SERIES.map((s) => ({ run_id: n.run_id, kind: s.key, n: byKind[s.key]! }))
  })
  const last = counted.at(-1)!
  const ratio = (n: StatusNight) =>
    n.lower_bound ? ` (${decimals.format(n.requests!.total / n.lower_bound)}×)` : ''
  return {
    title: 'Requests by kind, against the night’s lower bound',
    description: `${source.name}: its last counted run sent ${numbers.format(last.requests!.total)} requests against a lower bound of ${numbers.format(last.lower_bound ?? 0)}${ratio(last)}.`,
    legend: [...REQUEST_SERIES, BOUND_SERIES],
    draw: (width) =>
      stackedRunPlot(data, width, {
        series: REQUEST_SERIES,
        stacked,
        segmentName: (kind) => REQUEST_SERIES.find((s) => s.key === kind)!.label,
        ariaLabel: `${source.name}: requests by kind against the lower bound`,
        marks: [
          Plot.tickY(counted, {
            x: 'run_id',
            inset: barInset(data, width),
            y: 'lower_bound',
            stroke: BOUND_SERIES.color,
            strokeWidth: 2.5,
            title: (n: StatusNight) =>
              `${runName(data, n.run_id)}: ${numbers.format(n.requests!.total)} requests, lower bound ${numbers.format(n.lower_bound ?? 0)}${ratio(n)}, ${numbers.format(n.requests!.not_modified)} answered 304`,
          }),
        ],
      }),
    table: () =>
      table(
        `${source.name}: requests per run (304 answers are among the others)`,
        [
          'run',
          'list',
          'detail new',
          'detail changed',
          'refresh',
          'answered 304',
          'total',
          'lower bound',
          'ratio',
        ],
        counted.map((n) => [
          n.run_id,
          n.requests!.list,
          n.requests!.detail_new,
          n.requests!.detail_changed,
          n.requests!.refresh,
          n.requests!.not_modified,
          n.requests!.total,
          n.lower_bound ?? '—',
          n.lower_bound ? decimals.format(n.requests!.total / n.lower_bound) : '—',
        ]),
      ),
  }
}

/**
 * The night's length at the source's politeness, against the night. When the nights take a small part of it, the
 * scale follows the nights and the night's line is left off (the legend says so).
 */
export function hoursChart(data: StatusData, source: StatusSource): Chart {
  const timed = source.nights.filter((n) => n.polite_hours !== null)
  const last = timed.at(-1)!
  const longest = Math.max(...timed.map((n) => n.polite_hours!))
  const nightShown = longest >= data.night_hours / 4
  const top = nightShown ? Math.max(data.night_hours, longest) * 1.05 : Math.max(longest * 1.25, 1 / 60)
  const of = `of a ${numbers.format(data.night_hours)}-hour night`
  const [bars, night] = HOURS_SERIES as [Series, Series]
  return {
    title: 'The night’s hours at its politeness',
    description: `${source.name}: its last counted run takes ${decimals.format(last.polite_hours!)} hours at its politeness, ${of}.`,
    legend: nightShown
      ? HOURS_SERIES
      : [bars, { ...night, label: `the night: ${numbers.format(data.night_hours)} h, above the scale` }],
    draw: (width) =>
      Plot.plot({
        width,
        height: 150,
        marginLeft: RUN_MARGIN_LEFT,
        marginRight: RUN_MARGIN_RIGHT,
        x: runAxis(data, width),
        y: {
          label: null,
          grid: true,
          domain: [0, top],
          tickFormat: (h: number) => (top < 2 ? `${numbers.format(Math.round(h * 60))} min` : `${h} h`),
        },
        ariaLabel: `${source.name}: hours at its politeness, ${of}`,
        marks: [
          Plot.barY(timed, {
            x: 'run_id',
            y: 'polite_hours',
            fill: bars.color,
            ...barSides(data, width),
            title: (n: StatusNight) =>
              `${runName(data, n.run_id)}: ${decimals.format(n.polite_hours!)} hours ${of}`,
          }),
          ...(nightShown
            ? [
                Plot.ruleY([data.night_hours], {
                  stroke: night.color,
                  strokeDasharray: night.dash,
                  strokeWidth: 1.5,
                }),
              ]
            : []),
          Plot.ruleY([0]),
        ],
      }),
    table: () =>
      table(
        `${source.name}: hours per run at its politeness (the night: ${data.night_hours} hours)`,
        ['run', 'requests', 'hours'],
        timed.map((n) => [n.run_id, n.requests?.total ?? '—', decimals.format(n.polite_hours!)]),
      ),
  }
}
