import type { DwellingType } from './dwelling-from-word.js'

/** Smallest and largest value a listing may state, both taken. */
export type Bound = readonly [min: number, max: number]

/** The bounds of one kind of offer, and where they come from. */
export interface OfferBounds {
  /** Living area, m². */
  readonly area: Bound
  /** EUR: the asking price, or the monthly rent. */
  readonly price: Bound
  /** EUR per m² of living area (a month, for a rent). */
  readonly pricePerM2: Bound
  /** Where the numbers come from: the real extremes they leave room for, a rule, or "chosen as" for judgement. */
  readonly basis: string
}

/** The kinds of home the bounds tell apart: the schema's kinds, and `unknown` for a listing that names none. */
export type BoundedKind = DwellingType | 'unknown'

/**
 * What a listing may state and still be taken, by offer and kind of home. They are there to refuse what cannot be
 * true (a 100,000 m² rental at EUR 1,500, a sale price typed as a rent), not to judge what is merely unusual: every
 * bound leaves room beyond the real extremes in `data/evaldata` (Pararius rentals 2024, Funda sales Utrecht 2016 and
 * Amsterdam 2021), and a kind a listing does not name gets the widest. docs/data-quality.md has them as a table.
 */
export const LISTING_BOUNDS: Readonly<Record<'rent' | 'buy', Readonly<Record<BoundedKind, OfferBounds>>>> = {
  rent: {
    room: {
      area: [4, 250],
      price: [50, 5_000],
      pricePerM2: [1, 250],
      basis:
        'Real (Pararius 2024): 6–88 m², EUR 195–1,343, EUR 4.8–70 per m². Area from 4 m²: below the 5 m² the Bouwbesluit 2012 sets for a verblijfsgebied in new building, as older rooms may be smaller; the rest chosen as.',
    },
    studio: {
      area: [8, 250],
      price: [100, 10_000],
      pricePerM2: [1, 250],
      basis: 'Chosen as between a room and an apartment (the data name no studios).',
    },
    apartment: {
      area: [10, 1_000],
      price: [100, 50_000],
      pricePerM2: [1, 150],
      basis:
        'Real (Pararius 2024): 11–249 m², EUR 395–8,250, EUR 6.2–82 per m². A rent above EUR 50,000 is a sale price or a yearly figure; the rest chosen as.',
    },
    house: {
      area: [10, 3_000],
      price: [100, 50_000],
      pricePerM2: [1, 150],
      basis:
        'Real (Pararius 2024): 25–466 m², EUR 215–15,000, EUR 4.3–45 per m². A rent above EUR 50,000 is a sale price or a yearly figure; the rest chosen as (from 10 m², low enough for a tiny house).',
    },
    other: {
      area: [4, 5_000],
      price: [50, 50_000],
      pricePerM2: [0.5, 250],
      basis:
        'The widest of the kinds above, and down to EUR 0.50 per m² for anti-squat (anti-kraak) use of a whole building; chosen as.',
    },
    unknown: {
      area: [4, 5_000],
      price: [50, 50_000],
      pricePerM2: [0.5, 250],
      basis: 'As other: any kind of home may be behind a listing that names none.',
    },
  },
  buy: {
    room: {
      area: [4, 250],
      price: [10_000, 100_000_000],
      pricePerM2: [300, 40_000],
      basis: 'As a studio for sale.',
    },
    studio: {
      area: [8, 250],
      price: [10_000, 100_000_000],
      pricePerM2: [300, 40_000],
      basis: 'Chosen as for an apartment, with the area of a studio to rent.',
    },
    apartment: {
      area: [10, 1_000],
      price: [10_000, 100_000_000],
      pricePerM2: [300, 40_000],
      basis:
        'Real (Utrecht 2016): 12–250 m², EUR 45,000–1,195,000, EUR 1,300–6,719 per m². A price below EUR 10,000 is a rent or a typo; the rest chosen as.',
    },
    house: {
      area: [10, 5_000],
      price: [10_000, 100_000_000],
      pricePerM2: [300, 40_000],
      basis:
        'Real (Utrecht 2016): 34–591 m², EUR 115,000–2,250,000, EUR 1,223–7,180 per m². A price below EUR 10,000 is a rent or a typo; the rest chosen as (from 10 m², low enough for a tiny house).',
    },
    other: {
      area: [4, 5_000],
      price: [10_000, 100_000_000],
      pricePerM2: [300, 40_000],
      basis: 'The widest of the kinds above; chosen as.',
    },
    unknown: {
      area: [4, 5_000],
      price: [10_000, 100_000_000],
      pricePerM2: [300, 40_000],
      basis:
        'As other: any kind of home may be behind a listing that names none. Real (Amsterdam 2021, no kinds): 21–623 m², EUR 175,000–5,950,000, EUR 2,431–25,253 per m².',
    },
  },
}

/** The bounds a listing is held to: its offer's, for the kind of home it names (the widest when it names none). */
export function boundsOf(type: 'rent' | 'buy', kind: DwellingType | null): OfferBounds {
  return LISTING_BOUNDS[type][kind ?? 'unknown']
}
