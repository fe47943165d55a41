import type { Label } from './tables/energy.js'

/**
 * The groups of the WWS for self-contained dwellings whose points a caller may already know, in the order the
 * reference evaluates them (energy and WOZ come from facts, not from here). `special` (group 12, bijzondere
 * voorzieningen) and `monumentNewbuild` (the points the rules give monuments and new builds in the last group) come
 * after the WOZ group: the WOZ cap and the 2015–2019 minimum see only the groups before it.
 */
export const GROUPS_BEFORE_WOZ = [
  'roomsArea',
  'otherArea',
  'heating',
  'outdoor',
  'kitchen',
  'sanitary',
  'parking',
  'shared',
] as const
export const GROUPS_AFTER_WOZ = ['special', 'monumentNewbuild'] as const
export type SuppliedGroup = (typeof GROUPS_BEFORE_WOZ)[number] | (typeof GROUPS_AFTER_WOZ)[number]

/** One EP-Online registration, as the register lists it. */
export interface EnergyRecord {
  /** 'NTA8800' (a label since 2021), 'energy-index', 'EP2' or 'provisional' (voorlopig label); others never count. */
  readonly kind: string
  /** Only 'final' (definitief) counts. */
  readonly status: string
  /** ISO date the label was recorded (opnamedatum); it is valid from then… */
  readonly validFrom?: string
  /** …until this ISO date (geldig tot), exclusive. */
  readonly validUntil?: string
  readonly label?: Label
  /** The energy index (for an 'energy-index' recorded 2015–2020, it decides the points). */
  readonly index?: number
}

/** One WOZ value and its reference date (waardepeildatum, 1 January of the year before the tax year). */
export interface WozValue {
  readonly referenceDate: string
  readonly value: number
}

/** What a listing states that narrows the groups nobody supplied. */
export interface ListingFacts {
  /** Rooms as listings count them: living room, bedrooms, study (not the kitchen or bathrooms). */
  readonly rooms?: number
  readonly bathrooms?: number
  /** Private outdoor spaces (balcony, garden, terrace, loggia; not a French balcony), with their area if stated. */
  readonly outdoor?: readonly { readonly areaM2?: number }[]
}

/**
 * Everything known about a home for its WWS points. A fact left out is unknown and widens the range; an empty list
 * is a fact (`energy: []`: EP-Online has no label for it; `woz: []`: it has no WOZ value, so the minimum applies).
 */
export interface WwsFacts {
  readonly dwelling?: 'single-family' | 'multi-family'
  readonly buildYear?: number
  /** The BAG woonplaats code (4 digits): decides the COROP rule. */
  readonly woonplaatsCode?: string
  readonly area?: {
    /** Rooms (vertrekken) as the WWS measures them, m². */
    readonly roomsM2?: number
    /** Other spaces (overige ruimten), m². */
    readonly otherM2?: number
    /** The BAG's usable area (gebruiksoppervlakte): bounds the two above, and the COROP rule reads it. */
    readonly usableM2?: number
    /** The home's share of shared type-I parking places (≥ 12 m²), which the WOZ area includes. */
    readonly parkingM2?: number
  }
  /** EP-Online's registrations, in register order: the first valid one counts. */
  readonly energy?: readonly EnergyRecord[]
  /** An energy performance fee is agreed: fixed energy points. Left out, none is (as the reference does). */
  readonly energyPerformanceFee?: boolean
  readonly woz?: readonly WozValue[]
  /** A national, provincial or municipal monument. */
  readonly monument?: boolean
  /** In a protected townscape (rijksbeschermd stads- of dorpsgezicht): a pre-1965 home's maximum rent rises 5 %. */
  readonly protectedTownscape?: boolean
  /** Points of groups already known; each is rounded to a quarter point. */
  readonly points?: Partial<Readonly<Record<SuppliedGroup, number>>>
  readonly listing?: ListingFacts
  /**
   * The price surcharge of the last group (monument or new-build opslag), in percent. Taken as given when the
   * `monumentNewbuild` points are supplied (default 0 then); otherwise derived from the facts as a range.
   */
  readonly surchargePct?: number
}
