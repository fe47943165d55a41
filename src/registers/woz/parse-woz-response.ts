import { z } from 'zod'

/** One assessed value: the peildatum (1 January of the year before the tax year) and the value in EUR. */
export interface WozValue {
  readonly peildatum: string
  readonly value: number
}

/** What the WOZ-waardeloket says about one nummeraanduiding. */
export interface WozAnswer {
  /** The address the answer is about (16 digits), or null when the answer names none. */
  readonly numId: string | null
  /** The verblijfsobject the WOZ object is tied to (16 digits), or null. */
  readonly objectId: string | null
  /** Every readable value, newest peildatum first: the first is the current one. */
  readonly values: readonly WozValue[]
}

/**
 * A BAG id as the WOZ-waardeloket writes it (a JSON number, so "0503…" lost its leading zero) back as the
 * 16-character string the BAG uses; null for anything that is not one.
 */
export function padBagId(value: unknown): string | null {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value
  if (typeof text !== 'string' || !/^\d{12,16}$/.test(text)) return null
  return text.padStart(16, '0')
}

const valueSchema = z.object({
  peildatum: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  vastgesteldeWaarde: z.number().int().positive(),
})

const answerSchema = z.object({
  wozObject: z
    .object({ nummeraanduidingid: z.unknown().optional(), adresseerbaarobjectid: z.unknown().optional() })
    .nullish(),
  wozWaarden: z.array(z.unknown()).nullish(),
})

/**
 * Parses a `wozwaarde/nummeraanduiding/{id}` answer. Values that do not read (no date, no positive amount) are
 * dropped; one peildatum given twice keeps its first value. An answer with no values is a valid "nothing known".
 */
export function parseWozResponse(json: unknown): WozAnswer {
  const parsed = answerSchema.safeParse(json)
  if (!parsed.success) return { numId: null, objectId: null, values: [] }
  const seen = new Set<string>()
  const values: WozValue[] = []
  for (const entry of parsed.data.wozWaarden ?? []) {
    const v = valueSchema.safeParse(entry)
    if (!v.success || seen.has(v.data.peildatum)) continue
    seen.add(v.data.peildatum)
    values.push({ peildatum: v.data.peildatum, value: v.data.vastgesteldeWaarde })
  }
  values.sort((a, b) => b.peildatum.localeCompare(a.peildatum))
  const object = parsed.data.wozObject
  return {
    numId: padBagId(object?.nummeraanduidingid),
    objectId: padBagId(object?.adresseerbaarobjectid),
    values,
  }
}
