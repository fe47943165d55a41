import * as Plot from '@observablehq/plot'
import { parseHTML } from 'linkedom'
import type { DatasetReport, HeldOutResult } from './backtest.js'
import type { Valuation } from './types.js'

/** One dataset's back-test as `backtest --plot` draws it. */
export interface PlottedDataset {
  readonly report: DatasetReport
  readonly results: readonly HeldOutResult[]
}

type Confidence = Valuation['confidence']

/** The confidence classes, each with a colour and a shape that tell it apart in greyscale too. */
export const CLASS_SERIES: readonly { key: Confidence; color: string; symbol: string }[] = [
  { key: 'high', color: '#08306b', symbol: 'circle' },
  { key: 'medium', color: '#4292c6', symbol: 'triangle' },
  { key: 'low', color: '#c6dbef', symbol: 'square' },
]

/** One held-out home as the plots draw it. */
interface Point {
  readonly price: number
  readonly estimate: number
  readonly low: number
  readonly high: number
  readonly confidence: Confidence
  /** The signed error: the estimate over the price, less one. */
  readonly error: number
}

const PANEL_WIDTH = 340
const PANEL_HEIGHT = 300
const TITLE_HEIGHT = 28
/** Errors beyond this either way are drawn at it: a few wild homes would flatten every box. */
const ERROR_CLIP = 1

const percent = (share: number) => `${Math.round(share * 100)} %`

/** The homes the model valued, as points. */
function pointsOf(results: readonly HeldOutResult[]): Point[] {
  return results.flatMap(({ row, valuation: v }) =>
    v === null
      ? []
      : [
          {
            price: row.price,
            estimate: v.estimatedPrice,
            low: v.low,
            high: v.high,
            confidence: v.confidence,
            error: v.estimatedPrice / row.price - 1,
          },
        ],
  )
}

/** The classes' shapes, the same in every plot. */
const symbolScale = { domain: CLASS_SERIES.map((c) => c.key), range: CLASS_SERIES.map((c) => c.symbol) }

/** The server-side document the plots are drawn on, and its elements. */
type ServerDocument = ReturnType<typeof parseHTML>['document']
type ServerElement = ReturnType<ServerDocument['createElement']>

/** Predicted against asked, on log axes, the diagonal where they agree; each class in its colour and shape. */
function scatter(document: ServerDocument, points: readonly Point[], unit: string): ServerElement {
  const all = points.flatMap((p) => [p.price, p.estimate])
  const domain = [Math.min(...all) * 0.9, Math.max(...all) * 1.1]
  return Plot.plot({
    document,
    width: PANEL_WIDTH,
    height: PANEL_HEIGHT,
    marginLeft: 56,
    x: { type: 'log', domain, label: `asked (${unit})`, tickFormat: '~s', ticks: 4 },
    y: { type: 'log', domain, label: `predicted (${unit})`, tickFormat: '~s', ticks: 4, grid: true },
    symbol: symbolScale,
    ariaLabel: 'predicted against asked',
    marks: [
      Plot.line(
        domain.map((d) => ({ d })),
        { x: 'd', y: 'd', stroke: '#000', strokeDasharray: '4,3' },
      ),
      // The least sure first, so the surer classes are drawn over them.
      ...CLASS_SERIES.toReversed().map((c) =>
        Plot.dot(
          points.filter((p) => p.confidence === c.key),
          {
            x: 'price',
            y: 'estimate',
            stroke: c.color,
            symbol: () => c.key,
            fill: c.key === 'low' ? c.color : 'none',
            r: 2,
            strokeOpacity: 0.7,
            ariaDescription: `predicted against asked: ${c.key}`,
          },
        ),
      ),
    ],
  }) as unknown as ServerElement
}

/** The signed error per class as a box plot: where half the homes' errors lie, and the spread. */
function errors(document: ServerDocument, points: readonly Point[]): ServerElement {
  const clipped = points.map((p) => ({ ...p, error: Math.max(-ERROR_CLIP, Math.min(ERROR_CLIP, p.error)) }))
  return Plot.plot({
    document,
    width: PANEL_WIDTH,
    height: PANEL_HEIGHT,
    marginLeft: 56,
    x: { label: 'error (predicted / asked − 1)', tickFormat: (d: number) => percent(d), grid: true },
    y: { domain: CLASS_SERIES.map((c) => c.key), label: null },
    ariaLabel: 'error distribution per confidence class',
    marks: [
      Plot.ruleX([0]),
      ...CLASS_SERIES.map((c) =>
        Plot.boxX(
          clipped.filter((p) => p.confidence === c.key),
          { x: 'error', y: () => c.key, fill: c.color, stroke: '#000', ariaDescription: `error: ${c.key}` },
        ),
      ),
    ],
  }) as unknown as ServerElement
}

/** Per class, the share of asked prices inside the stated interval, against the level it states. */
function coverage(document: ServerDocument, points: readonly Point[], level: number): ServerElement {
  const rows = CLASS_SERIES.map((c) => {
    const inClass = points.filter((p) => p.confidence === c.key)
    const inside = inClass.filter((p) => p.low <= p.price && p.price <= p.high).length
    return { ...c, n: inClass.length, coverage: inClass.length === 0 ? 0 : inside / inClass.length }
  })
  return Plot.plot({
    document,
    width: PANEL_WIDTH,
    height: PANEL_HEIGHT,
    marginLeft: 56,
    x: { domain: [0, 1], label: 'interval coverage', tickFormat: (d: number) => percent(d), grid: true },
    y: { domain: CLASS_SERIES.map((c) => c.key), label: null },
    ariaLabel: 'interval coverage per confidence class',
    marks: [
      ...rows.map((r) =>
        Plot.barX([r], {
          x: 'coverage',
          y: 'key',
          fill: r.color,
          stroke: '#000',
          ariaDescription: `coverage: ${r.key}`,
        }),
      ),
      Plot.text(rows, {
        x: 'coverage',
        y: 'key',
        text: (r: (typeof rows)[number]) => (r.n === 0 ? 'no homes' : `${percent(r.coverage)} of ${r.n}`),
        dx: 4,
        textAnchor: 'start',
      }),
      Plot.ruleX([level], { stroke: '#000', strokeDasharray: '4,3', strokeWidth: 1.5 }),
      Plot.text([level], {
        x: (d: number) => d,
        frameAnchor: 'top',
        dy: -6,
        text: () => `stated ${percent(level)}`,
      }),
    ],
  }) as unknown as ServerElement
}

/** A panel at (x, y) of the whole: the plot's SVG nested, its own style sheet left out (the file has one). */
function placed(panel: ServerElement, x: number, y: number): ServerElement {
  for (const style of panel.querySelectorAll('style')) style.remove()
  panel.setAttribute('x', String(x))
  panel.setAttribute('y', String(y))
  return panel
}

/**
 * The back-test as one SVG: per dataset a row of three plots, drawn with Observable Plot on a server-side document
 * (linkedom): predicted against asked on log axes, the error distribution per confidence class, and the interval
 * coverage per class against its stated level. Every class has its colour and its shape, so the plot reads in
 * greyscale; each class's mark group says which it is (`aria-description`).
 */
export function backtestSvg(datasets: readonly PlottedDataset[]): string {
  const { document } = parseHTML('<!doctype html><html><body></body></html>')
  const rowHeight = TITLE_HEIGHT + PANEL_HEIGHT
  const width = 3 * PANEL_WIDTH
  const height = datasets.length * rowHeight
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg')
  for (const [name, value] of Object.entries({
    xmlns: 'http://www.w3.org/2000/svg',
    width: String(width),
    height: String(height),
    viewBox: `0 0 ${width} ${height}`,
    'font-family': 'system-ui, sans-serif',
    'font-size': '10',
    role: 'img',
    'aria-label':
      'Back-test of the valuation model: predicted against asked, errors and interval coverage per confidence class',
  }))
    svg.setAttribute(name, value)
  const style = document.createElementNS('http://www.w3.org/2000/svg', 'style')
  style.textContent = 'svg{background:#fff}text{fill:#222}'
  svg.append(style)
  datasets.forEach(({ report, results }, i) => {
    const points = pointsOf(results)
    const unit = report.kind === 'rent' ? '€ a month' : '€'
    const top = i * rowHeight
    const group = document.createElementNS('http://www.w3.org/2000/svg', 'g')
    group.setAttribute('aria-label', `dataset: ${report.name}`)
    const title = document.createElementNS('http://www.w3.org/2000/svg', 'text')
    for (const [name, value] of Object.entries({
      x: '8',
      y: String(top + 19),
      'font-size': '14',
      'font-weight': 'bold',
    }))
      title.setAttribute(name, value)
    title.textContent = `${report.name}: ${report.n} homes, median error ${percent(report.mdape)}; high, medium, low confidence as ● ▲ ■`
    group.append(
      title,
      placed(scatter(document, points, unit), 0, top + TITLE_HEIGHT),
      placed(errors(document, points), PANEL_WIDTH, top + TITLE_HEIGHT),
      placed(coverage(document, points, report.intervalLevel), 2 * PANEL_WIDTH, top + TITLE_HEIGHT),
    )
    svg.append(group)
  })
  // A tenth of a pixel is as fine as anyone sees: shorter numbers make the file a fraction of its size.
  const text = svg.outerHTML.replace(/(\d\.\d)\d+/g, '$1')
  return `<?xml version="1.0" encoding="UTF-8"?>\n${text}\n`
}
