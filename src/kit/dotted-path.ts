import { z } from 'zod'

/** A dotted path into JSON: keys and list indexes, `data.objects`, `adres.straat`, `fotos.0.url`. */
export const dottedPath = z
  .string()
  .regex(/^[^.\s]+(?:\.[^.\s]+)*$/, 'must be a dotted path such as data.objects or adres.straat')

/** The value at a dotted path, or undefined when a step of it is not there. */
export function valueAt(root: unknown, path: string): unknown {
  let value = root
  for (const step of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[step]
  }
  return value
}
