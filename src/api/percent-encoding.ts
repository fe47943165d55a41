import type { ParameterError } from './problem.js'

/**
 * `text` percent-decoded, or null when an escape is malformed: a `%` not followed by two hex digits, or escapes that
 * are not UTF-8 (`%E9` alone, Latin-1's é). Fastify's query parser keeps such text as it is, where a filter would
 * quietly match nothing.
 */
function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text)
  } catch {
    return null
  }
}

const RULE = 'must be percent-encoded UTF-8 (a % starts an escape such as %C3%A9 for é)'

/**
 * Each parameter of a query string (the text after `?`) whose name or value holds a malformed percent-escape, named
 * as it was sent when its own name is the malformed part.
 */
export function malformedQueryParameters(query: string): ParameterError[] {
  if (!query.includes('%')) return []
  const errors: ParameterError[] = []
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=')
    const rawName = equals < 0 ? pair : pair.slice(0, equals)
    const name = decoded(rawName.replaceAll('+', ' '))
    if (name === null) errors.push({ parameter: rawName, message: `${rawName} (a parameter name) ${RULE}` })
    else if (equals >= 0 && decoded(pair.slice(equals + 1)) === null)
      errors.push({ parameter: name, message: `${name} ${RULE}` })
  }
  return errors
}

/**
 * The path parameters of the routes registered with it whose value in a path holds a malformed percent-escape: the
 * router refuses such a path before any route sees it, so this names what it refused. A route's `:name` segments are
 * its parameters.
 */
export function createPathParameterChecker() {
  const routes: { path: string; pattern: RegExp; names: string[] }[] = []
  return {
    /** Learns a route's path, as `/v1/listings/:id` (once: its HEAD route has the same). */
    add(path: string): void {
      const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!)
      if (names.length === 0 || routes.some((route) => route.path === path)) return
      const literal = path.split(/:\w+/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      const pattern = new RegExp(`^${literal.join('([^/]*)')}/?$`)
      routes.push({ path, pattern, names })
    },
    /** The parameters of the route `path` (without its query) matches whose values are malformed. */
    malformed(path: string): ParameterError[] {
      for (const { pattern, names } of routes) {
        const values = pattern.exec(path)?.slice(1)
        if (values === undefined) continue
        return names
          .filter((_, i) => decoded(values[i]!) === null)
          .map((name) => ({ parameter: name, message: `${name} ${RULE}` }))
      }
      return []
    },
  }
}
