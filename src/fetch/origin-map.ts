/**
 * Site origins served from elsewhere (`https://www.funda.nl` → `http://127.0.0.1:5001`), for simulated markets and
 * tests: the request goes to the mapped origin, while the adapter, the archive and robots.txt's scope still see the
 * site's own URL.
 */
export type OriginMap = ReadonlyMap<string, string>

const ORIGIN = /^https?:\/\/[^\s/,=?#]+$/

/**
 * Reads `site=target,site=target`, each side an origin (scheme://host[:port]); throws an Error that says what is
 * wrong with the first bad pair. An empty text is an empty map.
 */
export function parseOriginMap(text: string): OriginMap {
  const map = new Map<string, string>()
  for (const pair of text.split(',').map((p) => p.trim())) {
    if (!pair) continue
    const [site = '', target = '', ...rest] = pair.split('=').map((side) => side.trim())
    if (rest.length > 0 || !ORIGIN.test(site) || !ORIGIN.test(target))
      throw new Error(
        `"${pair}" is not site=target with two origins (https://www.funda.nl=http://127.0.0.1:5001)`,
      )
    map.set(new URL(site).origin, new URL(target).origin)
  }
  return map
}

/** Where `url` is fetched from: on the mapped origin when its own origin is mapped, else itself. */
export function mappedUrl(map: OriginMap, url: string): string {
  if (map.size === 0) return url
  const parsed = new URL(url)
  const target = map.get(parsed.origin)
  return target ? `${target}${parsed.pathname}${parsed.search}` : url
}

/** The site's own URL for a URL on a mapped origin (a response's final URL), else `url` unchanged. */
export function siteUrl(map: OriginMap, url: string): string {
  if (map.size === 0) return url
  const parsed = new URL(url)
  for (const [site, target] of map) {
    if (target === parsed.origin) return `${site}${parsed.pathname}${parsed.search}`
  }
  return url
}
