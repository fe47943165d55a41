/** The page's building blocks: elements, swatches, legends, tables, and a chart as a figure drawn at its width. */
import { DAY_MS, HOUR_MS, MINUTE_MS, numbers, type Series } from './series.js'

/** The unit an age is told in: days from two days on, hours from two hours on, else minutes. */
export function unitOf(ms: number): { readonly ms: number; readonly name: string; readonly short: string } {
  if (ms >= 2 * DAY_MS) return { ms: DAY_MS, name: 'days', short: 'd' }
  if (ms >= 2 * HOUR_MS) return { ms: HOUR_MS, name: 'hours', short: 'h' }
  return { ms: MINUTE_MS, name: 'minutes', short: 'min' }
}

/** "3 days", "5 hours", "1 minute": how long ago `iso` was, seen from `now`. */
export function age(iso: string, now: number): string {
  const ms = Math.max(0, now - Date.parse(iso))
  const unit = unitOf(ms)
  const n = Math.max(1, Math.floor(ms / unit.ms))
  return `${n} ${n === 1 ? unit.name.slice(0, -1) : unit.name}`
}

/** An element with text and attributes, children appended. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Readonly<Record<string, string>> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  node.append(...children)
  return node
}

export const SVG = 'http://www.w3.org/2000/svg'

/** A small swatch of a series in its colour and shape (or dash), for legends and badges. */
export function swatch(series: Series): SVGSVGElement {
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
export const SYMBOL_PATHS: Readonly<Record<string, string>> = {
  circle: 'M4.5,0A4.5,4.5,0,1,1,-4.5,0A4.5,4.5,0,1,1,4.5,0',
  triangle: 'M0,-5.5L4.8,3L-4.8,3Z',
  times: 'M-4,-4L4,4M-4,4L4,-4',
  square: 'M-4,-4H4V4H-4Z',
  diamond: 'M0,-5.5L4,0L0,5.5L-4,0Z',
  wye: 'M0,0V-5M0,0L4.3,2.5M0,0L-4.3,2.5',
}

/** A legend in words: each series with its swatch. */
export function legend(series: readonly Series[]): HTMLUListElement {
  return el('ul', { class: 'legend' }, ...series.map((s) => el('li', {}, swatch(s), s.label)))
}

/** A table with a caption, a header row and rows of cells; numbers are right-aligned. */
export function table(
  caption: string,
  head: readonly string[],
  rows: readonly (readonly (string | number)[])[],
) {
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
export interface Chart {
  readonly title: string
  /** One sentence for screen readers: what the chart shows and its latest value. */
  readonly description: string
  readonly legend?: readonly Series[]
  readonly draw: (width: number) => SVGSVGElement | HTMLElement
  readonly table: () => HTMLElement
}

/** Every chart on the page with where it is drawn, so that a resize draws each again at its new width. */
export const drawn: { readonly holder: HTMLElement; readonly chart: Chart; width: number }[] = []

/**
 * Draws a chart into its holder at the holder's width. Plot puts a `<style>` element in each chart; it is taken out
 * before the chart joins the page, so no inline style meets the page's Content-Security-Policy (status.css has
 * what it said).
 */
export function drawInto(holder: HTMLElement, chart: Chart): void {
  const width = Math.max(280, Math.floor(holder.clientWidth || 640))
  const node = chart.draw(width)
  for (const style of node.querySelectorAll('style')) style.remove()
  holder.replaceChildren(node)
  const entry = drawn.find((d) => d.holder === holder)
  if (entry) entry.width = width
  else drawn.push({ holder, chart, width })
}

/** A chart as a figure: caption, legend, the chart, and its table behind a toggle (built when first opened). */
export function figure(chart: Chart): { readonly node: HTMLElement; draw(): void } {
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
