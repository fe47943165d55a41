// The Hague's official name is "'s-Gravenhage", but every listing site's URLs say "den-haag".
const SLUG_ALIASES: Readonly<Record<string, string>> = {
  "'s-gravenhage": 'den-haag',
  's-gravenhage': 'den-haag',
  'the hague': 'den-haag',
}

/** A city name as the listing sites write it in URLs: lower case, no accents or apostrophes, dashes. */
export function toCitySlug(city: string): string {
  const lower = city.trim().toLowerCase()
  return (
    SLUG_ALIASES[lower] ??
    lower
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/['’]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
  )
}
