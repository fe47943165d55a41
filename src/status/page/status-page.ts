/**
 * The status page in the browser: reads the data (the page's embedded copy, else `/status/data.json`) and draws it
 * with Observable Plot, which the page loads before this module (`Plot`, on d3). Every chart is a figure with a
 * caption, a legend in words and its data as a table behind a toggle; within a chart, series differ in lightness or
 * in shape as well as in hue, so the page reads in greyscale. The charts of the sources' cards are drawn after the
 * first render, a few at a time, so that a page of many sources shows at once.
 */
import type * as PlotApi from '@observablehq/plot'
import type { StatusData, StatusNight, StatusSource, Verdict } from '../status-schema.js'

declare const Plot: typeof PlotApi

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

const OLDEST_SERIES: Series = { key: 'age', label: 'since verified', color: '#8c2d04' }

/** The top of the list of cities; the others are summed in one bar. */
const CITIES_SHOWN = 15
const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

const numbers = new Intl.NumberFormat('en-GB')
const decimals = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 })
const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 0 })
const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})
const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' })

const share = (part: number, whole: number): string => (whole > 0 ? percent.format(part / whole) : '—')

/** The unit an age is told in: days from two days on, hours from two hours on, else minutes. */
function unitOf(ms: number): { readonly ms: number; readonly name: string; readonly short: string } {
  if (ms >= 2 * DAY_MS) return { ms: DAY_MS, name: 'days', short: 'd' }
  if (ms >= 2 * HOUR_MS) return { ms: HOUR_MS, name: 'hours', short: 'h' }
  return { ms: MINUTE_MS, name: 'minutes', short: 'min' }
}

/** "3 days", "5 hours", "1 minute": how long ago `iso` was, seen from `now`. */
function age(iso: string, now: number): string {
  const ms = Math.max(0, now - Date.parse(iso))
  const unit = unitOf(ms)
  const n = Math.max(1, Math.floor(ms / unit.ms))
  return `${n} ${n === 1 ? unit.name.slice(0, -1) : unit.name}`
}

/** An element with text and attributes, children appended. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Readonly<Record<string, string>> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  node.append(...children)
  return node
}

const SVG = 'http://www.w3.org/2000/svg'

/** A small swatch of a series in its colour and shape (or dash), for legends and badges. */
function swatch(series: Series): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg')
  svg.setAttribute('width', '14')
  svg.setAttribute('height', '14')
  svg.setAttribute('viewBox', '-7 -7 14 14')
  svg.setAttribute('aria-hidden', 'true')
  const shape = document.createElementNS(SVG, 'path')
  const symbolPath = series.symbol ? SYMBOL_PATHS[series.symbol] : undefined
  if (series.dash) {
    shape.setAttribute('d', 'M-7,0H7')
    shape.setAttribute('stroke-dasharray', series.dash)
    shape.setAttribute('stroke-width', '2.5')
  } else if (symbolPath) {
    shape.setAttribute('d', symbolPath)
    shape.setAttribute('stroke-width', '2')
  } else {
    shape.setAttribute('d', 'M-6,-6H6V6H-6Z')
    shape.setAttribute('stroke', '#888888')
    shape.setAttribute('stroke-width', '0.5')
  }
  shape.setAttribute('fill', series.dash ? 'none' : series.color)
  if (!shape.hasAttribute('stroke')) shape.setAttribute('stroke', series.color)
  svg.append(shape)
  return svg
}

/** The shapes of the symbols the charts use, at legend size. */
const SYMBOL_PATHS: Readonly<Record<string, string>> = {
  circle: 'M4.5,0A4.5,4.5,0,1,1,-4.5,0A4.5,4.5,0,1,1,4.5,0',
  triangle: 'M0,-5.5L4.8,3L-4.8,3Z',
  times: 'M-4,-4L4,4M-4,4L4,-4',
  square: 'M-4,-4H4V4H-4Z',
  diamond: 'M0,-5.5L4,0L0,5.5L-4,0Z',
  wye: 'M0,0V-5M0,0L4.3,2.5M0,0L-4.3,2.5',
}

/** A legend in words: each series with its swatch. */
function legend(series: readonly Series[]): HTMLUListElement {
  return el('ul', { class: 'legend' }, ...series.map((s) => el('li', {}, swatch(s), s.label)))
}

/** A table with a caption, a header row and rows of cells; numbers are right-aligned. */
function table(caption: string, head: readonly string[], rows: readonly (readonly (string | number)[])[]) {
  const cell = (tag: 'td' | 'th', value: string | number) =>
    el(
      tag,
      tag === 'th' ? { scope: 'col' } : typeof value === 'number' ? { class: 'number' } : {},
      typeof value === 'number' ? numbers.format(value) : value,
    )
  return el(
    'div',
    { class: 'table-scroll' },
    el(
      'table',
      {},
      el('caption', {}, caption),
      el('thead', {}, el('tr', {}, ...head.map((h) => cell('th', h)))),
      el('tbody', {}, ...rows.map((r) => el('tr', {}, ...r.map((v) => cell('td', v))))),
    ),
  )
}

/** A chart: what it shows, how to draw it at a width, its legend and its data as a table. */
interface Chart {
  readonly title: string
  /** One sentence for screen readers: what the chart shows and its latest value. */
  readonly description: string
  readonly legend?: readonly Series[]
  readonly draw: (width: number) => SVGSVGElement | HTMLElement
  readonly table: () => HTMLElement
}

/** Every chart on the page with where it is drawn, so that a resize draws each again at its new width. */
const drawn: { readonly holder: HTMLElement; readonly chart: Chart; width: number }[] = []

/**
 * Draws a chart into its holder at the holder's width. Plot puts a `<style>` element in each chart; it is taken out
 * before the chart joins the page, so no inline style meets the page's Content-Security-Policy (status.css has
 * what it said).
 */
function drawInto(holder: HTMLElement, chart: Chart): void {
  const width = Math.max(280, Math.floor(holder.clientWidth || 640))
  const node = chart.draw(width)
  for (const style of node.querySelectorAll('style')) style.remove()
  holder.replaceChildren(node)
  const entry = drawn.find((d) => d.holder === holder)
  if (entry) entry.width = width
  else drawn.push({ holder, chart, width })
}

/** A chart as a figure: caption, legend, the chart, and its table behind a toggle (built when first opened). */
function figure(chart: Chart): { readonly node: HTMLElement; draw(): void } {
  const holder = el('div', { class: 'plot' })
  const details = el('details', { class: 'data' }, el('summary', {}, `${chart.title}: the data as a table`))
  details.addEventListener('toggle', () => {
    if (details.open && details.childElementCount === 1) details.append(chart.table())
  })
  const node = el(
    'figure',
    {},
    el('figcaption', {}, chart.title),
    ...(chart.legend ? [legend(chart.legend)] : []),
    holder,
    details,
  )
  return { node, draw: () => drawInto(holder, chart) }
}

/** The shared axis of the charts of runs: one band per run, labelled with its day (or its id when days repeat). */
function runAxis(data: StatusData, width: number): PlotApi.ScaleOptions {
  const days = data.runs.map((r) => dayMonth.format(new Date(r.started_at)))
  const distinct = new Set(days).size === days.length
  const labels = new Map(data.runs.map((r, i) => [r.id, distinct ? days[i]! : `#${r.id}`]))
  const every = Math.max(1, Math.ceil(data.runs.length / Math.max(2, Math.floor(width / 56))))
  // The last run is always labelled: it is the night the page is about.
  const ticks = data.runs.filter((_, i) => (data.runs.length - 1 - i) % every === 0).map((r) => r.id)
  return {
    type: 'band',
    domain: data.runs.map((r) => r.id),
    ticks,
    tickFormat: (id: number) => labels.get(id) ?? '',
    label: null,
    padding: RUN_PADDING,
  }
}

/** The left margin of the charts of runs, room for their counts; Plot's default right margin is the other. */
const RUN_MARGIN_LEFT = 52
const RUN_MARGIN_RIGHT = 20
/** The share of a run's step left between bands (and outside the first and last). */
const RUN_PADDING = 0.2
/** The widest a run's bar is drawn, however few the runs. */
const BAR_MAX = 36

/**
 * The inset on each side of a run's band that keeps its bar at most {@link BAR_MAX} pixels wide: the band's width
 * as the band scale makes it (its padding inside and out), less the bar.
 */
function barInset(data: StatusData, width: number): number {
  const range = width - RUN_MARGIN_LEFT - RUN_MARGIN_RIGHT
  const step = range / (data.runs.length - RUN_PADDING + 2 * RUN_PADDING)
  return Math.max(0, (step * (1 - RUN_PADDING) - BAR_MAX) / 2)
}

/** {@link barInset} on the sides of a bar alone: `inset` would take it off its top and bottom too. */
function barSides(data: StatusData, width: number): { insetLeft: number; insetRight: number } {
  const inset = barInset(data, width)
  return { insetLeft: inset, insetRight: inset }
}

const verdictOf = (key: Verdict) => VERDICT_SERIES.find((v) => v.key === key)!
const runOf = (data: StatusData, id: number) => data.runs.find((r) => r.id === id)

/** "Run 12, 29 Nov 2026, 02:00": a run as tooltips and tables name it. */
function runName(data: StatusData, id: number): string {
  const run = runOf(data, id)
  return run ? `Run ${id}, ${dateTime.format(new Date(run.started_at))}` : `Run ${id}`
}

/** What a night's verdict says in words: its status, the checks it failed, its message. */
function verdictText(night: StatusNight): string {
  const by = night.degraded_by.length > 0 ? ` (${night.degraded_by.join(', ')})` : ''
  return `${night.status}${by}${night.message ? `: ${night.message}` : ''}`
}

/** The scales that mark verdicts by colour and shape, the same on every chart. */
const verdictScales = {
  color: { domain: VERDICT_SERIES.map((v) => v.key), range: VERDICT_SERIES.map((v) => v.color) },
  symbol: { domain: VERDICT_SERIES.map((v) => v.key), range: VERDICT_SERIES.map((v) => v.symbol) },
}

/** The left margin of a chart whose rows are labelled with `labels`: room for the longest, at most 180 pixels. */
const labelMargin = (labels: readonly string[]): number =>
  Math.min(180, 12 + 6.2 * Math.max(0, ...labels.map((l) => l.length)))

/** Every source's verdict on every run: one row of marks per source on the runs' axis; null without sources. */
function healthChart(data: StatusData): Chart | null {
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
function listingsChart(data: StatusData, source: StatusSource): Chart {
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

/** What each night changed of a source's listings, and the rows it rejected. */
function changesChart(data: StatusData, source: StatusSource): Chart {
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
      Plot.plot({
        width,
        height: 170,
        marginLeft: RUN_MARGIN_LEFT,
        marginRight: RUN_MARGIN_RIGHT,
        x: runAxis(data, width),
        y: { label: null, grid: true, tickFormat: 's' },
        color: { domain: CHANGE_SERIES.map((s) => s.key), range: CHANGE_SERIES.map((s) => s.color) },
        ariaLabel: `${source.name}: new, changed and withdrawn listings, and rejected rows`,
        marks: [
          Plot.barY(stacked, {
            x: 'run_id',
            y: 'n',
            fill: 'kind',
            ...barSides(data, width),
            order: CHANGE_SERIES.map((s) => s.key),
            title: (d: { run_id: number; kind: string; n: number }) =>
              `${runName(data, d.run_id)}: ${numbers.format(d.n)} ${d.kind}`,
          }),
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
          Plot.ruleY([0]),
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
function requestsChart(data: StatusData, source: StatusSource): Chart {
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
      Plot.plot({
        width,
        height: 170,
        marginLeft: RUN_MARGIN_LEFT,
        marginRight: RUN_MARGIN_RIGHT,
        x: runAxis(data, width),
        y: { label: null, grid: true, tickFormat: 's' },
        color: { domain: REQUEST_SERIES.map((s) => s.key), range: REQUEST_SERIES.map((s) => s.color) },
        ariaLabel: `${source.name}: requests by kind against the lower bound`,
        marks: [
          Plot.barY(stacked, {
            x: 'run_id',
            y: 'n',
            fill: 'kind',
            ...barSides(data, width),
            order: REQUEST_SERIES.map((s) => s.key),
            title: (d: { run_id: number; kind: string; n: number }) =>
              `${runName(data, d.run_id)}: ${numbers.format(d.n)} ${REQUEST_SERIES.find((s) => s.key === d.kind)!.label}`,
          }),
          Plot.tickY(counted, {
            x: 'run_id',
            inset: barInset(data, width),
            y: 'lower_bound',
            stroke: BOUND_SERIES.color,
            strokeWidth: 2.5,
            title: (n: StatusNight) =>
              `${runName(data, n.run_id)}: ${numbers.format(n.requests!.total)} requests, lower bound ${numbers.format(n.lower_bound ?? 0)}${ratio(n)}, ${numbers.format(n.requests!.not_modified)} answered 304`,
          }),
          Plot.ruleY([0]),
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
function hoursChart(data: StatusData, source: StatusSource): Chart {
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

/** Listings on offer per city and type: the largest cities, the others summed; null when none is on offer. */
function citiesChart(data: StatusData): Chart | null {
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
function freshnessChart(data: StatusData): Chart | null {
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
function oldestChart(data: StatusData, now: number): Chart | null {
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

/** A badge with a verdict's mark and its word. */
function verdictBadge(night: StatusNight | undefined): HTMLElement {
  if (!night) return el('span', { class: 'verdict' }, 'no run in these')
  return el('span', { class: 'verdict' }, swatch(verdictOf(night.status)), night.status)
}

/** A source's card: its name, last verdict and figures now, and its charts, drawn later by `draw`. */
function sourceCard(
  data: StatusData,
  source: StatusSource,
  now: number,
): { node: HTMLElement; draw(): void } {
  const last = source.nights.at(-1)
  const name = source.homepage
    ? el('a', { href: source.homepage, rel: 'noreferrer' }, source.name)
    : source.name
  const facts = [
    `${numbers.format(source.active_listings)} listings`,
    `${share(source.resolved, source.active_listings)} resolved to a home`,
    source.kind === 'file'
      ? 'read from a file, not verified'
      : `${share(source.verified_last_night, source.active_listings)} verified in the last 24 hours`,
    ...(source.oldest_verified_at ? [`oldest unverified: ${age(source.oldest_verified_at, now)}`] : []),
    ...(source.requests_per_hour
      ? [`politeness: ${numbers.format(source.requests_per_hour)} requests an hour`]
      : []),
  ]
  const card = el(
    'article',
    { class: 'card', id: `source-${source.id}`, 'data-source': source.id, 'data-drawn': 'false' },
    el('div', { class: 'card-head' }, el('h3', {}, name), verdictBadge(last)),
    el('p', { class: 'card-facts' }, facts.join(' · ')),
  )
  if (last && last.status !== 'ok') {
    const why = [last.degraded_by.join(', '), last.message ?? ''].filter(Boolean).join(': ')
    card.append(el('p', { class: 'message' }, `Last run ${last.status}${why ? `: ${why}` : ''}`))
  }
  if (source.nights.length === 0) {
    card.append(el('p', { class: 'note' }, `None of the last ${data.runs.length} runs read this source.`))
    card.dataset.drawn = 'true'
    return { node: card, draw() {} }
  }
  const charts = [listingsChart(data, source), changesChart(data, source)]
  if (source.nights.some((n) => n.requests !== null)) charts.push(requestsChart(data, source))
  if (source.nights.some((n) => n.polite_hours !== null)) charts.push(hoursChart(data, source))
  const figures = charts.map(figure)
  card.append(...figures.map((f) => f.node))
  return {
    node: card,
    draw() {
      for (const f of figures) f.draw()
      card.dataset.drawn = 'true'
    },
  }
}

/** The registers: what each has loaded and how old it is. */
function registersTable(data: StatusData, now: number): HTMLElement {
  return table(
    'The registers: what is loaded and how old',
    ['register', 'status', 'loaded', 'data as of', 'loaded at', 'last success'],
    data.registers.map((r) => [
      r.name,
      r.status ?? 'never run',
      r.loaded ?? '—',
      r.data_as_of ?? '—',
      r.loaded_at ? `${dateTime.format(new Date(r.loaded_at))} (${age(r.loaded_at, now)} ago)` : '—',
      r.last_success ? `${dateTime.format(new Date(r.last_success))} (${age(r.last_success, now)} ago)` : '—',
    ]),
  )
}

/** One line on the last run: when, how it ended, and which sources went wrong. */
function summaryOf(data: StatusData, now: number): string {
  const run = data.runs.at(-1)
  if (!run) return 'No run yet: nothing to show. Run `propdata ingest`.'
  const lines = data.sources.flatMap((s) => {
    const night = s.nights.find((n) => n.run_id === run.id)
    return night ? [{ name: s.name, status: night.status }] : []
  })
  const wrong = lines.filter((l) => l.status !== 'ok')
  return [
    `Last run ${run.id} started ${dateTime.format(new Date(run.started_at))} (${age(run.started_at, now)} ago): ${run.status}.`,
    `${lines.length - wrong.length} of ${lines.length} sources ok${wrong.length ? `; ${wrong.map((w) => `${w.name} ${w.status}`).join(', ')}` : ''}.`,
  ].join(' ')
}

/** The market's figures in tiles. */
function marketTiles(data: StatusData): HTMLElement {
  const observed = data.sources.filter((s) => s.kind !== 'file')
  const total = observed.reduce((n, s) => n + s.active_listings, 0)
  const tile = (value: string, label: string) =>
    el('li', { class: 'tile' }, el('strong', {}, value), el('span', {}, label))
  return el(
    'ul',
    { class: 'tiles' },
    tile(numbers.format(data.market.active_listings), 'listings on offer (one per home and type)'),
    tile(share(data.market.resolved, data.market.active_listings), 'resolved to a home (a BAG object)'),
    tile(
      share(
        observed.reduce((n, s) => n + s.verified_last_night, 0),
        total,
      ),
      'of the sites’ listings verified in the last 24 hours',
    ),
    tile(
      share(
        observed.reduce((n, s) => n + s.verified_last_week, 0),
        total,
      ),
      'verified in the last 7 days',
    ),
  )
}

/** Draws every chart again at its holder's new width, once a resize has settled. */
function redrawOnResize(): void {
  let timer: number | undefined
  window.addEventListener('resize', () => {
    window.clearTimeout(timer)
    timer = window.setTimeout(() => {
      for (const d of drawn) if (Math.abs(d.holder.clientWidth - d.width) > 24) drawInto(d.holder, d.chart)
    }, 200)
  })
}

/** The page's data: the copy a written report carries, else the server's. */
async function loadData(main: HTMLElement): Promise<StatusData> {
  const embedded = document.getElementById('status-data')
  if (embedded) return JSON.parse(embedded.textContent ?? 'null') as StatusData
  const url = main.dataset.src ?? 'data.json'
  const response = await fetch(url, { headers: { accept: 'application/json' } })
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`)
  return (await response.json()) as StatusData
}

/**
 * Renders the page: the summary, the health of every source, the market and the registers at once, then the
 * sources' cards, whose charts are drawn a few at a time (those on screen first). Marks `status:first-render` when
 * the first screen is drawn and `status:drawn` (and `data-drawn` on the root) when every chart is.
 */
async function render(): Promise<void> {
  const main = document.getElementById('status')!
  const summary = document.getElementById('summary')!
  const data = await loadData(main)
  const now = Date.parse(data.as_of)
  summary.textContent = summaryOf(data, now)
  const section = (title: string, id: string, lead: string) =>
    el('section', { 'aria-labelledby': id }, el('h2', { id }, title), el('p', { class: 'lead' }, lead))

  const health = section(
    'Sources, run by run',
    'sources',
    `Each source’s status in the last ${data.runs.length === 1 ? 'run' : `${data.runs.length} runs`}. Its card below shows its listings, what changed, its requests against the night’s lower bound and the night’s hours at its politeness.`,
  )
  const healthChartOrNone = healthChart(data)
  const healthFigures = healthChartOrNone ? [figure(healthChartOrNone)] : []
  health.append(...healthFigures.map((f) => f.node))

  const market = section(
    'The market now',
    'market',
    `Listings on offer, as published in generation ${data.generation}${
      data.published_at ? ` (${dateTime.format(new Date(data.published_at))})` : ''
    }.`,
  )
  const marketFigures = [citiesChart(data), freshnessChart(data), oldestChart(data, now)]
    .filter((c): c is Chart => c !== null)
    .map(figure)
  market.append(marketTiles(data), ...marketFigures.map((f) => f.node))

  const registers = section(
    'Registers',
    'registers',
    'The public registers the pipeline resolves and enriches with.',
  )
  registers.append(registersTable(data, now))

  const cards = data.sources.map((s) => sourceCard(data, s, now))
  const perSource = section(
    'Each source',
    'each-source',
    'Those whose last run went wrong come first. Hover a mark for its figures, or open a chart’s table.',
  )
  perSource.append(el('div', { class: 'cards' }, ...cards.map((c) => c.node)))
  main.replaceChildren(health, market, registers, perSource)
  main.setAttribute('aria-busy', 'false')

  for (const f of [...healthFigures, ...marketFigures]) f.draw()
  const onScreen = cards.filter((c) => c.node.getBoundingClientRect().top < window.innerHeight)
  for (const c of onScreen) c.draw()
  performance.mark('status:first-render')
  await drawInTurns(cards.filter((c) => !onScreen.includes(c)))
  document.documentElement.dataset.drawn = 'true'
  performance.mark('status:drawn')
  redrawOnResize()
}

/** Draws the cards one per task, so the page stays responsive while a long list of sources is drawn. */
async function drawInTurns(cards: readonly { draw(): void }[]): Promise<void> {
  for (const card of cards) {
    await new Promise((resolve) => setTimeout(resolve, 0))
    card.draw()
  }
}

if (typeof document !== 'undefined')
  render().catch((error: unknown) => {
    const summary = document.getElementById('summary')
    if (summary) summary.textContent = `The status could not be shown: ${(error as Error).message}`
    document.documentElement.dataset.drawn = 'failed'
  })
