/** The axis and margins the charts of runs share, and how a run and a verdict are named. */
import type * as PlotApi from '@observablehq/plot'
import type { StatusData, StatusNight, Verdict } from '../status-schema.js'
import { dateTime, dayMonth, VERDICT_SERIES } from './series.js'

/** The shared axis of the charts of runs: one band per run, labelled with its day (or its id when days repeat). */
export function runAxis(data: StatusData, width: number): PlotApi.ScaleOptions {
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
export const RUN_MARGIN_LEFT = 52
export const RUN_MARGIN_RIGHT = 20
/** The share of a run's step left between bands (and outside the first and last). */
export const RUN_PADDING = 0.2
/** The widest a run's bar is drawn, however few the runs. */
export const BAR_MAX = 36

/**
 * The inset on each side of a run's band that keeps its bar at most {@link BAR_MAX} pixels wide: the band's width
 * as the band scale makes it (its padding inside and out), less the bar.
 */
export function barInset(data: StatusData, width: number): number {
  const range = width - RUN_MARGIN_LEFT - RUN_MARGIN_RIGHT
  const step = range / (data.runs.length - RUN_PADDING + 2 * RUN_PADDING)
  return Math.max(0, (step * (1 - RUN_PADDING) - BAR_MAX) / 2)
}

/** {@link barInset} on the sides of a bar alone: `inset` would take it off its top and bottom too. */
export function barSides(data: StatusData, width: number): { insetLeft: number; insetRight: number } {
  const inset = barInset(data, width)
  return { insetLeft: inset, insetRight: inset }
}

export const verdictOf = (key: Verdict) => VERDICT_SERIES.find((v) => v.key === key)!
export const runOf = (data: StatusData, id: number) => data.runs.find((r) => r.id === id)

/** "Run 12, 29 Nov 2026, 02:00": a run as tooltips and tables name it. */
export function runName(data: StatusData, id: number): string {
  const run = runOf(data, id)
  return run ? `Run ${id}, ${dateTime.format(new Date(run.started_at))}` : `Run ${id}`
}

/** What a night's verdict says in words: its status, the checks it failed, its message. */
export function verdictText(night: StatusNight): string {
  const by = night.degraded_by.length > 0 ? ` (${night.degraded_by.join(', ')})` : ''
  return `${night.status}${by}${night.message ? `: ${night.message}` : ''}`
}

/** The scales that mark verdicts by colour and shape, the same on every chart. */
export const verdictScales = {
  color: { domain: VERDICT_SERIES.map((v) => v.key), range: VERDICT_SERIES.map((v) => v.color) },
  symbol: { domain: VERDICT_SERIES.map((v) => v.key), range: VERDICT_SERIES.map((v) => v.symbol) },
}

/** The left margin of a chart whose rows are labelled with `labels`: room for the longest, at most 180 pixels. */
export const labelMargin = (labels: readonly string[]): number =>
  Math.min(180, 12 + 6.2 * Math.max(0, ...labels.map((l) => l.length)))
