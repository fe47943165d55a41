import type { Source } from './adapter.js'

/** Top-level domains reserved for examples and tests (RFC 2606, RFC 6761): no real site answers on them. */
const RESERVED = /\.(?:test|example|invalid|localhost)$/

/**
 * Whether a source is an example of a platform: a site on a reserved domain, kept so that its preset runs the
 * contract suite on a page in the platform's format. It has no site to crawl and is not counted as a source.
 */
export function isExampleSite(source: Source): boolean {
  return source.kind === 'crawl' && RESERVED.test(new URL(source.homepage).hostname)
}
