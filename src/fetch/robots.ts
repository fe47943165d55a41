import robotsParserModule from 'robots-parser'
import type { FetchResponse } from './types.js'

// robots-parser is CommonJS whose typings declare an ES default export; at run time the import is the function.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default

/** The rules of one origin's robots.txt, as far as we need them. */
export interface RobotsRules {
  isAllowed(url: string): boolean
  /** Seconds between requests the site asks for, if any. */
  readonly crawlDelaySeconds: number | undefined
  /** Why nothing may be fetched, when robots.txt could not be read (RFC 9309 §2.3.1.4); else undefined. */
  readonly disallowAllBecause?: string
  /** The status robots.txt was answered with; null when it could not be fetched at all. */
  readonly status: number | null
}

/** The product token matched against robots.txt groups: the first word of our User-Agent ("propdata/0.1 (+…)"). */
export function robotsAgentOf(userAgent: string): string {
  return /^[^\s/]+/.exec(userAgent.trim())?.[0]?.toLowerCase() ?? 'propdata'
}

/**
 * Interprets a robots.txt answer as RFC 9309 says: 2xx → its rules; 4xx → no rules (everything allowed);
 * 5xx or unreachable (`response` null) → complete disallow, with `unreachable` saying why.
 */
export function rulesFromResponse(
  robotsUrl: string,
  response: FetchResponse | null,
  agent: string,
  unreachable = 'unreachable',
): RobotsRules {
  if (!response || response.status >= 500) {
    const why = response ? `answered HTTP ${response.status}` : unreachable
    return {
      isAllowed: () => false,
      crawlDelaySeconds: undefined,
      disallowAllBecause: `${robotsUrl} ${why}, so RFC 9309 means complete disallow`,
      status: response?.status ?? null,
    }
  }
  if (response.status >= 400)
    return { isAllowed: () => true, crawlDelaySeconds: undefined, status: response.status }
  const robots = robotsParser(robotsUrl, response.body)
  return {
    isAllowed: (url) => robots.isAllowed(url, agent) !== false,
    crawlDelaySeconds: robots.getCrawlDelay(agent),
    status: response.status,
  }
}

/** The robots.txt URL for the origin of `url`. */
const robotsUrlFor = (url: string): string => new URL('/robots.txt', url).href

/**
 * robots.txt per origin (scheme, host and port, as RFC 9309 scopes it), fetched once per run. A load that
 * failed (aborted with its source, say) is forgotten, so the next caller loads it again instead of inheriting it.
 */
export class RobotsCache {
  readonly #rules = new Map<string, Promise<RobotsRules>>()

  /** The rules that govern `url`; `load` fetches and interprets robots.txt when this origin has none yet. */
  rulesFor(url: string, load: (robotsUrl: string) => Promise<RobotsRules>): Promise<RobotsRules> {
    const origin = new URL(url).origin
    let rules = this.#rules.get(origin)
    if (!rules) {
      rules = load(robotsUrlFor(url))
      rules.catch(() => this.#rules.delete(origin))
      this.#rules.set(origin, rules)
    }
    return rules
  }
}
