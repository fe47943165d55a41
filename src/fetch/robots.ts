import robotsParserModule from 'robots-parser'
import type { FetchResponse } from './types.js'

// robots-parser is CommonJS whose typings declare an ES default export; at run time the import is the function.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default

/** The rules of one host's robots.txt, as far as we need them. */
export interface RobotsRules {
  isAllowed(url: string): boolean
  /** Seconds between requests the site asks for, if any. */
  readonly crawlDelaySeconds: number | undefined
}

/** The product token we match in robots.txt groups (the first word of our User-Agent). */
export const ROBOTS_AGENT = 'propdata'

/**
 * Interprets a robots.txt response as RFC 9309 says: 2xx → the rules; 4xx → no rules (everything allowed);
 * 5xx or unreachable → assume complete disallow.
 */
export function rulesFromResponse(robotsUrl: string, response: FetchResponse | null): RobotsRules {
  if (!response || response.status >= 500) return { isAllowed: () => false, crawlDelaySeconds: undefined }
  if (response.status >= 400) return { isAllowed: () => true, crawlDelaySeconds: undefined }
  const robots = robotsParser(robotsUrl, response.body)
  return {
    isAllowed: (url) => robots.isAllowed(url, ROBOTS_AGENT) !== false,
    crawlDelaySeconds: robots.getCrawlDelay(ROBOTS_AGENT),
  }
}

/** The robots.txt URL for the origin of `url`. */
export const robotsUrlFor = (url: string): string => new URL('/robots.txt', url).href
