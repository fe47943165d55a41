/** "3051HN Rotterdam", "3078KL Rotterdam" → postcode and city; null when the text does not start with a postcode. */
export function splitPostcodeCity(text: string): { postcode: string; city: string } | null {
  const match = /^(\d{4}\s?[A-Za-z]{2})\s+(.+)$/.exec(text.trim())
  return match ? { postcode: match[1]!, city: match[2]!.trim() } : null
}

/**
 * "2624 BE Delft (Mythologiebuurt)", "3071AZ Rotterdam (Appartement)", "Delft" → the postcode when the text starts with
 * one, the place, and the note in brackets after it (a neighbourhood, a kind of home), each null when absent.
 */
export function splitPlaceLine(text: string): { postcode: string | null; city: string; note: string | null } {
  const match = /^(\d{4}\s?[A-Z]{2})?\s*(.*?)\s*(?:\(([^)]*)\))?$/.exec(text.trim())
  return { postcode: match?.[1] ?? null, city: match?.[2] ?? '', note: match?.[3] ?? null }
}
