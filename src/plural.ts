/** A noun in the number a count asks for: singular for exactly one, else the plural (`s` added unless given). */
export function plural(n: number, singular: string, pluralForm = `${singular}s`): string {
  return n === 1 ? singular : pluralForm
}

/** A count with its noun, as every message prints one: "1 page", "312 pages", "1,234 listings". */
export function count(n: number, singular: string, pluralForm?: string): string {
  return `${n.toLocaleString('en')} ${plural(n, singular, pluralForm)}`
}
