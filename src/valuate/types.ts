/**
 * Public types of the valuation model. Kept apart from the code so that the API, store and CLI
 * can import them without pulling in the fitting machinery.
 */
import type { UncertaintyCalibration } from './calibrate-uncertainty.js'
import type { HedonicFit } from './fit-hedonic.js'

/** Geographic pooling level, narrowest first. */
export type AreaLevel = 'pc6' | 'pc5' | 'pc4' | 'city' | 'national'

/** What the model needs to know about a home: a Golden Record or a listing. */
export interface HomeFeatures {
  /** "1234AB" or "1234 AB"; case and spacing do not matter. */
  readonly postcode: string
  readonly city: string | null
  /** Living area in m². */
  readonly surfaceArea: number
  readonly yearBuilt?: number | null
  /** 'A+++++'..'G', any case. */
  readonly energyLabel?: string | null
  readonly dwellingType?: 'apartment' | 'house' | null
  /** WOZ value in EUR. */
  readonly wozValue?: number | null
  /** ISO date of the WOZ peildatum (1 January of year t-1). */
  readonly wozReferenceDate?: string | null
}

/** A listing used to fit the model: a home plus its asking price (or monthly rent). */
export interface Comparable extends HomeFeatures {
  readonly id: string
  /** EUR: asking price for sale listings, monthly rent for rent listings. */
  readonly price: number
  /** ISO date the price was set (listing date). */
  readonly listedAt?: string | null
}

/** Which price the model predicts. */
export type ValuationKind = 'sale' | 'rent'

/** Options for {@link fitValuationModel}; every field has a documented default. */
export interface FitOptions {
  /** 'sale' (default) or 'rent'. Rent models never blend WOZ (a capital value). */
  readonly kind?: ValuationKind
  /** Stamped into the model; defaults to now. Only a label: fitting is independent of the clock. */
  readonly fittedAt?: string
  /**
   * Date the estimates refer to (ISO). Defaults to the newest listedAt the fit trusts (a high quantile of the data's
   * dates, which no one listing moves), else fittedAt. A run passes its own date.
   */
  readonly valuationDate?: string
  /** Stated level of [low, high]; default 0.8. */
  readonly intervalLevel?: number
  /** Folds of the internal cross-fit that calibrates intervals and confidence; default 5. */
  readonly calibrationFolds?: number
  /** Seed of that internal split; default 1. */
  readonly calibrationSeed?: number
  /**
   * The cross-fitted calibration refits the model once per fold, which dominates fitting time on a national market;
   * above this many comparables it runs on a seeded sample of this size (the hedonic fit itself uses them all).
   * @default 10000
   */
  readonly calibrationSample?: number
  /** Yearly house-price index levels (any base), e.g. { "2022": 100, "2023": 98.4 }, used to index WOZ. */
  readonly priceIndex?: Readonly<Record<string, number>>
  /** Yearly growth assumed when no index covers a year; default 0.04. */
  readonly annualGrowth?: number
  /** Standard deviation of log(price / indexed WOZ) assumed when the data cannot estimate it; default 0.15. */
  readonly wozLogSd?: number
  /**
   * Expected error (≈ APE) at or below which confidence is 'high' / 'medium', and the median error the cross-fit must
   * measure for a class to be stated (see `earnedConfidence`); default 0.05 / 0.08.
   */
  readonly confidenceThresholds?: { readonly high: number; readonly medium: number }
  /** Bounds on price per m² outside which a comparable is dropped as a data error. */
  readonly pricePerM2Range?: readonly [number, number]
}

/** Shrunk log price-per-m² offset of one area, and how many comparables it rests on. */
export type AreaEffect = readonly [offset: number, n: number]

/**
 * Everything `estimateValue` needs, as plain JSON-serialisable data (stored once per run): the
 * hedonic fit (coefficients, shrunk area offsets per level, variance components), the
 * uncertainty calibration (scale model, local errors, confidence thresholds, interval quantiles)
 * and the WOZ calibration.
 */
export interface ValuationModel extends HedonicFit {
  readonly version: 1
  readonly kind: ValuationKind
  /** Stable method id stamped on every valuation. */
  readonly method: string
  readonly fittedAt: string
  /** Comparables the model was fitted on, after dropping unusable ones. */
  readonly nComparables: number
  readonly uncertainty: UncertaintyCalibration
  /** How WOZ values are indexed and weighted; null for rent models. */
  readonly woz: WozCalibration | null
}

/** WOZ indexing and its error variance, measured on comparables or configured. */
export interface WozCalibration {
  readonly valuationYear: number
  /** Index factor from each reference year (key) to the valuation year. */
  readonly factors: Readonly<Record<string, number>>
  /** Growth compounded for reference years outside `factors`. */
  readonly annualGrowth: number
  /** Median log(price / indexed WOZ) on comparables with a WOZ value (0 when configured). */
  readonly logBias: number
  /** Variance of log(price / indexed WOZ) after the bias. */
  readonly logVariance: number
  /** Comparables the two figures above rest on (0 = configured defaults). */
  readonly n: number
}

/** An estimate with an honest interval and confidence class. */
export interface Valuation {
  readonly estimatedPrice: number
  readonly low: number
  readonly high: number
  /** Stated level of [low, high], checked in the back-test. */
  readonly intervalLevel: number
  /** The class the expected error gives, as far as the model's cross-fit earned it for this method and evidence. */
  readonly confidence: 'high' | 'medium' | 'low'
  /** Why the class is what it is: what the cross-fit measured of this method, class and evidence, or did not. */
  readonly confidenceReason: string
  /** Stable id of the method, with "+woz" when a WOZ value was blended in. */
  readonly method: string
  /** The narrowest level that had comparables and how many. */
  readonly comparables: { readonly n: number; readonly level: AreaLevel }
}
