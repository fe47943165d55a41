import type { CheerioAPI } from 'cheerio'
import { unflatten } from 'devalue'
import { ParseError } from '../../src/kit/index.js'

/**
 * Nuxt 3 serialises its state into `<script id="__NUXT_DATA__">` with devalue, wrapping Vue values in tags of
 * its own: `["ShallowReactive",i]`, `["Reactive",i]`, `["Ref",i]`, `["ShallowRef",i]`, `["EmptyRef","null"]`.
 * devalue revives its own tags (Date, Set, Map, null-prototype objects); these revivers unwrap Nuxt's.
 */
const unwrap = (value: unknown) => value

/** An empty ref carries its value as JSON text ("null", "false", "_" for undefined). */
function emptyRef(value: unknown): unknown {
  if (typeof value !== 'string' || value === '_') return undefined
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}

const NUXT_REVIVERS: Record<string, (value: unknown) => unknown> = {
  ShallowReactive: unwrap,
  Reactive: unwrap,
  Ref: unwrap,
  ShallowRef: unwrap,
  EmptyRef: emptyRef,
  EmptyShallowRef: emptyRef,
  NuxtError: unwrap,
  Island: unwrap,
}

/** Tags a newer Nuxt may add are unwrapped too, rather than failing the whole page: at most this many. */
const MAX_UNKNOWN_TAGS = 8

/**
 * The page's Nuxt state, revived; null when the page has no `__NUXT_DATA__` script. Throws `ParseError` when it is
 * not devalue (not JSON, a cut-off page, or nested too deep to revive).
 */
export function readNuxtPayload($: CheerioAPI, url: string): unknown {
  const script = $('script#__NUXT_DATA__')
  if (script.length === 0) return null
  let flat: unknown
  try {
    flat = JSON.parse(script.first().text())
  } catch (error) {
    throw new ParseError(`__NUXT_DATA__ is not JSON: ${(error as Error).message}`, { url }, { cause: error })
  }
  const revivers = { ...NUXT_REVIVERS }
  for (let attempt = 0; ; attempt++) {
    try {
      return unflatten(flat as unknown[], revivers)
    } catch (error) {
      const unknown = /^Unknown type (\S+)/.exec((error as Error).message)?.[1]
      if (!unknown || attempt >= MAX_UNKNOWN_TAGS)
        throw new ParseError(
          `__NUXT_DATA__ is not devalue: ${(error as Error).message}`,
          { url },
          { cause: error },
        )
      revivers[unknown] = unwrap
    }
  }
}

/** A plain object's property, or undefined for anything else. */
export function prop(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined
}
