// The Hague's official name is "'s-Gravenhage", but every listing site's URLs say "den-haag".
const SLUG_ALIASES: Readonly<Record<string, string>> = {
  "'s-gravenhage": 'den-haag',
  's-gravenhage': 'den-haag',
  'the hague': 'den-haag',
}

/** A text as the listing sites write it in a URL path: lower case, no accents or apostrophes, words joined by dashes. */
export function urlSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** A city name as the listing sites write it in URLs: {@link urlSlug}, and "den-haag" whatever The Hague is called. */
export function toCitySlug(city: string): string {
  return SLUG_ALIASES[city.trim().toLowerCase()] ?? urlSlug(city)
}
