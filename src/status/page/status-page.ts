/**
 * The status page in the browser: reads the data (the page's embedded copy, else `/status/data.json`) and draws it
 * with Observable Plot, which the page loads before this module (`Plot`, on d3). Every chart is a figure with a
 * caption, a legend in words and its data as a table behind a toggle; within a chart, series differ in lightness or
 * in shape as well as in hue, so the page reads in greyscale. The charts of the sources' cards are drawn after the
 * first render, a few at a time, so that a page of many sources shows at once.
 */
import type { StatusData, StatusNight, StatusSource } from '../status-schema.js'
import { age, type Chart, drawInto, drawn, el, figure, swatch, table } from './elements.js'
import { citiesChart, freshnessChart, oldestChart } from './market-charts.js'
import { verdictOf } from './run-axis.js'
import { changesChart, healthChart, hoursChart, listingsChart, requestsChart } from './run-charts.js'
import { dateTime, numbers, share } from './series.js'

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
