import type { Politeness, Source } from '../../src/kit/adapter.js'
import { describeEvidence } from '../../src/kit/evidence.js'
import { transportOf } from './transport.js'

/** The catalogue's columns, in order. */
export const CATALOGUE_HEADINGS = [
  'id',
  'name',
  'kind',
  'preset',
  'transport',
  'regions',
  'offers',
  'terms',
  'evidence',
  'politeness',
] as const

/** "1 req / 4 s", with how many may be in flight when more than one. */
export function describePoliteness({ concurrency, intervalCap, interval }: Politeness): string {
  const rate = `${intervalCap} req / ${interval / 1000} s`
  return concurrency > 1 ? `${rate}, ${concurrency} at once` : rate
}

/** One source's row of the catalogue, one cell per heading of {@link CATALOGUE_HEADINGS}. */
export function catalogueRow(source: Source): string[] {
  const crawl = source.kind === 'crawl' ? source : undefined
  return [
    `\`${source.id}\``,
    crawl ? `[${source.name}](${crawl.homepage})` : source.name,
    source.kind,
    crawl?.preset ? `\`${crawl.preset}\`` : 'code',
    transportOf(source),
    crawl?.regions?.join(', ') ?? 'whole country',
    source.offers.join(', '),
    source.terms,
    describeEvidence(source.evidence),
    crawl ? describePoliteness(crawl.politeness) : '—',
  ]
}
