import { Counter, collectDefaultMetrics, Gauge, Histogram, type LabelValues, Registry } from 'prom-client'
import { FILL_FIELD_KEYS } from '../pipeline/fill-rates.js'
import { REQUEST_KINDS } from './request-kinds.js'
import { secondsSince } from './seconds-since.js'
import type { SourceStatus, SourceStatusSnapshot } from './source-status.js'

/** What the metrics read from the data: the published generation and the sources' status. */
export interface MetricsSources {
  published(): { generation: number; publishedAt: string }
  sources(): Promise<Pick<SourceStatusSnapshot, 'fingerprint' | 'sources'>>
  /** The per-generation response caches: entries and characters held. */
  caches(): Readonly<Record<string, { entries: number; chars: number }>>
}

/** The API's Prometheus metrics: one registry per app, so apps in one process (tests) never share counters. */
export interface ApiMetrics {
  readonly registry: Registry
  /** Called once per response: one histogram observation, plus a counter for a 429. */
  observe(method: string, route: string, status: number, seconds: number, policy: string): void
}

const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

/**
 * Builds the registry: request latency per route pattern and status (its `_count` is the request count),
 * rate-limit rejections, the age of the published data, and per source its status, why it is degraded, its fields'
 * fill rates, its last success, active listings, its last run's requests by kind and the age of its least recently verified listing. The
 * per-source figures are read again only when a run starts, ends or publishes.
 */
export function createApiMetrics(data: MetricsSources): ApiMetrics {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const requests = new Histogram({
    name: 'propdata_http_request_duration_seconds',
    help: 'Time to answer a request, per method, route pattern and status; _count is the number of requests.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })
  const limited = new Counter({
    name: 'propdata_rate_limited_total',
    help: 'Requests refused with 429, per policy (key: a valid key over its limit; requests without a valid key are never throttled).',
    labelNames: ['policy'] as const,
    registers: [registry],
  })
  new Gauge({
    name: 'propdata_data_age_seconds',
    help: 'Seconds since the published data was published.',
    registers: [registry],
    collect() {
      const { publishedAt } = data.published()
      this.set(Math.max(0, (Date.now() - Date.parse(publishedAt)) / 1000))
    },
  })
  new Gauge({
    name: 'propdata_published_generation',
    help: 'The generation the API serves; it goes up by one with every publish.',
    registers: [registry],
    collect() {
      this.set(data.published().generation)
    },
  })
  // What the per-generation caches cost: they are emptied at every publish and bounded in entries and size.
  for (const [name, field] of [
    ['propdata_response_cache_entries', 'entries'],
    ['propdata_response_cache_chars', 'chars'],
  ] as const) {
    new Gauge({
      name,
      help: `Responses kept until the next publish, per cache: ${field === 'entries' ? 'how many' : 'their total length in characters (≈ bytes)'}.`,
      labelNames: ['cache'] as const,
      registers: [registry],
      collect() {
        for (const [cache, stats] of Object.entries(data.caches())) this.set({ cache }, stats[field])
      },
    })
  }
  const lastSuccess = new Gauge({
    name: 'propdata_source_last_success_timestamp_seconds',
    help: 'Unix time at which the last successful run of each source started.',
    labelNames: ['source'] as const,
    registers: [registry],
    collect: () => refreshSources(),
  })
  const activeListings = new Gauge({
    name: 'propdata_source_active_listings',
    help: 'Listings each source currently shows.',
    labelNames: ['source'] as const,
    registers: [registry],
    collect: () => refreshSources(),
  })
  const status = new Gauge({
    name: 'propdata_source_status',
    help: 'The status of the last run of each source: 1 for that status (ok, degraded, failed, blocked, stopped, …).',
    labelNames: ['source', 'status'] as const,
    registers: [registry],
    collect: () => refreshSources(),
  })
  const degraded = new Gauge({
    name: 'propdata_source_degraded',
    help: 'Why the last run of a source is degraded: 1 per health check it failed (rejects, listing-count, fill-rate).',
    labelNames: ['source', 'check'] as const,
    registers: [registry],
    collect: () => refreshSources(),
  })
  const fillRate = new Gauge({
    name: 'propdata_source_fill_rate',
    help: `Percent of the listings the last run of each source parsed that had each field (${FILL_FIELD_KEYS.join(', ')}); absent when it parsed too few.`,
    labelNames: ['source', 'field'] as const,
    registers: [registry],
    collect: () => refreshSources(),
  })
  const requestsByKind = new Gauge({
    name: 'propdata_source_requests',
    help: `The requests the last run of each source sent, per kind (${REQUEST_KINDS.join(', ')}); absent for a source read from a file.`,
    labelNames: ['source', 'kind'] as const,
    registers: [registry],
    collect: () => refreshSources(),
  })
  // An age, so it is set at every scrape from the cached time of the verification.
  new Gauge({
    name: 'propdata_source_oldest_unverified_seconds',
    help: 'Seconds since the least recently verified listing each source shows was last verified; absent when none has been.',
    labelNames: ['source'] as const,
    registers: [registry],
    async collect() {
      await refreshSources()
      this.reset()
      const now = Date.now()
      for (const s of sources)
        if (s.oldestVerifiedAt) this.set({ source: s.id }, secondsSince(s.oldestVerifiedAt, now))
    },
  })
  // The gauges share one read of the sources, which is cached until a run starts, ends or publishes; a scrape in
  // between costs the reader's fingerprint lookup.
  let applied = ''
  let sources: readonly SourceStatus[] = []
  const refreshSources = async (): Promise<void> => {
    const snapshot = await data.sources()
    if (snapshot.fingerprint === applied) return
    applied = snapshot.fingerprint
    sources = snapshot.sources
    for (const gauge of [lastSuccess, activeListings, status, degraded, fillRate, requestsByKind])
      gauge.reset()
    for (const s of snapshot.sources) {
      if (s.lastSuccessAt) lastSuccess.set({ source: s.id }, Date.parse(s.lastSuccessAt) / 1000)
      if (s.activeListings !== null) activeListings.set({ source: s.id }, s.activeListings)
      if (s.status) status.set({ source: s.id, status: s.status }, 1)
      for (const check of s.degradedBy) degraded.set({ source: s.id, check }, 1)
      for (const [field, rate] of Object.entries(s.fillRates ?? {}))
        fillRate.set({ source: s.id, field }, rate)
      const requests = s.requests
      if (requests)
        for (const kind of REQUEST_KINDS) requestsByKind.set({ source: s.id, kind }, requests[kind])
    }
  }

  // One child per label combination, so a response costs a map lookup and an observation.
  const children = new Map<string, ReturnType<typeof requests.labels>>()
  return {
    registry,
    observe(method, route, status, seconds, policy) {
      const key = `${method} ${route} ${status}`
      let child = children.get(key)
      if (!child) {
        const labels: LabelValues<'method' | 'route' | 'status'> = { method, route, status: String(status) }
        child = requests.labels(labels)
        children.set(key, child)
      }
      child.observe(seconds)
      if (status === 429) limited.inc({ policy })
    },
  }
}
