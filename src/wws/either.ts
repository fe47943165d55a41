import type { Range } from './range.js'
import { ALL_GROUPS, type Group, type WwsResult } from './regulation.js'
import type { Sector } from './sector.js'

const SECTORS: readonly Sector[] = ['social', 'middle', 'free']
const lower = (a: Sector, b: Sector) => (SECTORS.indexOf(a) <= SECTORS.indexOf(b) ? a : b)
const higher = (a: Sector, b: Sector) => (SECTORS.indexOf(a) >= SECTORS.indexOf(b) ? a : b)

const span = (a: Range | null, b: Range | null): Range | null =>
  a && b ? { low: Math.min(a.low, b.low), high: Math.max(a.high, b.high) } : (a ?? b)

/**
 * The result when the facts are one of two sets and nothing says which (a label whose registration kind the store
 * does not keep counts or it does not): every range spans both, and `missing` names what the two lack, plus `also`.
 * The energy basis is the first result's.
 */
export function eitherResult(a: WwsResult, b: WwsResult, also: readonly string[]): WwsResult {
  const groups = Object.fromEntries(ALL_GROUPS.map((g) => [g, span(a.groups[g], b.groups[g])])) as Record<
    Group,
    Range | null
  >
  const maxRent =
    a.maxRent && b.maxRent
      ? {
          low: Math.min(a.maxRent.low, b.maxRent.low),
          high:
            a.maxRent.high === null || b.maxRent.high === null
              ? null
              : Math.max(a.maxRent.high, b.maxRent.high),
        }
      : null
  return {
    ...a,
    points: span(a.points, b.points),
    groups,
    sector:
      a.sector && b.sector
        ? { low: lower(a.sector.low, b.sector.low), high: higher(a.sector.high, b.sector.high) }
        : null,
    maxRent,
    surchargePct: span(a.surchargePct, b.surchargePct)!,
    missing: [...new Set([...a.missing, ...b.missing, ...also])],
  }
}
