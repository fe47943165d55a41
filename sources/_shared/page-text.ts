/** "3051HN Rotterdam", "3078KL Rotterdam" → postcode and city; null when the text does not start with a postcode. */
export function splitPostcodeCity(text: string): { postcode: string; city: string } | null {
  const match = /^(\d{4}\s?[A-Za-z]{2})\s+(.+)$/.exec(text.trim())
  return match ? { postcode: match[1]!, city: match[2]!.trim() } : null
}
