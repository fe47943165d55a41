/**
 * Why a home has no estimate of a kind, in one sentence for the API: the checks `estimateValue` makes before it gives
 * up, in its order, each said in words.
 */
import { MIN_WOZ_ROWS } from './calibrate-woz.js'
import { usableArea, withinFittedAreas } from './predict-hedonic.js'
import { MIN_COMPARABLES } from './run-models.js'
import type { HomeFeatures, ValuationKind, ValuationModel } from './types.js'

const LISTINGS: Readonly<Record<ValuationKind, string>> = { sale: 'sale listings', rent: 'rentals' }

/**
 * The reason a home has no estimate of `kind`: no model of the kind was fitted (`model` null), or `estimateValue`
 * returned null for it. Only for such a home: the last reason, no comparables where it is, is what remains then.
 */
export function noEstimateReason(
  kind: ValuationKind,
  model: ValuationModel | null,
  home: HomeFeatures,
): string {
  const listings = LISTINGS[kind]
  if (model === null)
    return `No ${kind} model: the last publish had fewer than ${MIN_COMPARABLES} usable ${listings} to fit one on.`
  const area = home.surfaceArea
  if (!usableArea(area)) return 'Its living area is unknown or under 5 m².'
  if (!withinFittedAreas(model, area)) {
    const [low, high] = model.areaRange
    return `Its living area (${area} m²) is far outside that of the ${listings} (${low}–${high} m²): the size curve would be a guess.`
  }
  const where = `No ${listings} in its city (${home.city ?? 'unknown'}) or postcode area (${home.postcode})`
  return model.woz === null ? `${where}.` : `${where}, ${wozCannotStandIn(model.woz.n, home)}.`
}

/** Why the indexed WOZ value alone did not value a home the model cannot place. */
function wozCannotStandIn(wozRows: number, home: HomeFeatures): string {
  if (home.wozValue === null || home.wozValue === undefined)
    return 'and it has no WOZ value to be valued from'
  if (wozRows < MIN_WOZ_ROWS)
    return `and its WOZ value cannot stand in: fewer than ${MIN_WOZ_ROWS} sale listings carried one to measure how far off a WOZ value is`
  return 'and its WOZ value cannot stand in: it has no reference date, or its price per m² is no price of this home'
}
