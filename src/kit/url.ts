/** Resolves a possibly relative `href` against the page it was found on; undefined for empty or unusable hrefs. */
export function resolveUrl(href: string | null | undefined, base: string): string | undefined {
  const trimmed = href?.trim()
  if (!trimmed || trimmed.startsWith('#') || /^(javascript|mailto|tel):/i.test(trimmed)) return undefined
  try {
    const url = new URL(trimmed, base)
    url.hash = ''
    return url.href
  } catch {
    return undefined
  }
}

/** The host of a URL in lower case, or '' when it does not parse. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase()
  } catch {
    return ''
  }
}
