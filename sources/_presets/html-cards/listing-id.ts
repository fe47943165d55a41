/**
 * The listing id in a detail URL: the first group of `idPattern`, else the URL's path without its trailing slash
 * (an agent's URL names one home and stays put while it is on offer). '' when the pattern does not match, which the
 * validation refuses by name.
 */
export function listingIdOf(url: string, idPattern: string | undefined): string {
  if (idPattern !== undefined) return new RegExp(idPattern).exec(url)?.[1] ?? ''
  try {
    return new URL(url).pathname.replace(/\/+$/, '') || ''
  } catch {
    return ''
  }
}
