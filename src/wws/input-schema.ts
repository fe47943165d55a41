import { z } from 'zod'
import type { WwsFacts } from './facts.js'
import { LABELS } from './tables/energy.js'

/** Square metres: not negative, and not absurd. */
const m2 = z.number().min(0).max(100_000)
const isoDate = z.iso.date()

const energyRecord = z.strictObject({
  kind: z.string(),
  status: z.string(),
  valid_from: isoDate.optional(),
  valid_until: isoDate.optional(),
  label: z.enum(LABELS).optional(),
  index: z.number().min(0).max(100).optional(),
})

const points = z.strictObject({
  rooms_area: z.number().optional(),
  other_area: z.number().optional(),
  heating: z.number().optional(),
  outdoor: z.number().optional(),
  kitchen: z.number().optional(),
  sanitary: z.number().optional(),
  parking: z.number().optional(),
  shared: z.number().optional(),
  special: z.number().optional(),
  monument_newbuild: z.number().optional(),
})

/**
 * One home as `propdata wws` reads it (snake_case, the issue's shape plus `listing`, `protected_townscape` and
 * `surcharge_pct`). Unknown keys are refused, so a misspelt fact is an error rather than a silently wider range.
 */
export const wwsInputSchema = z.strictObject({
  dwelling: z.enum(['single-family', 'multi-family']).optional(),
  build_year: z.number().int().min(1000).max(2100).optional(),
  woonplaats_code: z
    .string()
    .regex(/^\d{4}$/, 'expected a BAG woonplaats code of 4 digits')
    .optional(),
  area: z
    .strictObject({
      rooms_m2: m2.optional(),
      other_m2: m2.optional(),
      usable_m2: m2.optional(),
      parking_m2: m2.optional(),
    })
    .optional(),
  energy: z.array(energyRecord).optional(),
  energy_performance_fee: z.boolean().optional(),
  woz: z.array(z.strictObject({ reference_date: isoDate, value: z.number().min(0).max(1e9) })).optional(),
  monument: z.boolean().optional(),
  protected_townscape: z.boolean().optional(),
  points: points.optional(),
  listing: z
    .strictObject({
      rooms: z.number().int().min(0).max(100).optional(),
      bathrooms: z.number().int().min(0).max(50).optional(),
      outdoor: z.array(z.strictObject({ area_m2: m2.optional() })).optional(),
    })
    .optional(),
  surcharge_pct: z.number().min(0).max(100).optional(),
})

export type WwsInput = z.infer<typeof wwsInputSchema>

/** Drops the keys whose value is undefined, so optional facts stay absent (exactOptionalPropertyTypes-safe). */
function defined<T extends object>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as T
}

/** The facts a validated input states. */
export function factsOf(input: WwsInput): WwsFacts {
  const p = input.points
  return defined({
    dwelling: input.dwelling,
    buildYear: input.build_year,
    woonplaatsCode: input.woonplaats_code,
    area:
      input.area &&
      defined({
        roomsM2: input.area.rooms_m2,
        otherM2: input.area.other_m2,
        usableM2: input.area.usable_m2,
        parkingM2: input.area.parking_m2,
      }),
    energy: input.energy?.map((e) =>
      defined({
        kind: e.kind,
        status: e.status,
        validFrom: e.valid_from,
        validUntil: e.valid_until,
        label: e.label,
        index: e.index,
      }),
    ),
    energyPerformanceFee: input.energy_performance_fee,
    woz: input.woz?.map((w) => ({ referenceDate: w.reference_date, value: w.value })),
    monument: input.monument,
    protectedTownscape: input.protected_townscape,
    points:
      p &&
      defined({
        roomsArea: p.rooms_area,
        otherArea: p.other_area,
        heating: p.heating,
        outdoor: p.outdoor,
        kitchen: p.kitchen,
        sanitary: p.sanitary,
        parking: p.parking,
        shared: p.shared,
        special: p.special,
        monumentNewbuild: p.monument_newbuild,
      }),
    listing:
      input.listing &&
      defined({
        rooms: input.listing.rooms,
        bathrooms: input.listing.bathrooms,
        outdoor: input.listing.outdoor?.map((o) => defined({ areaM2: o.area_m2 })),
      }),
    surchargePct: input.surcharge_pct,
  })
}

/** A zod error as one line naming the field: `input[2].area.rooms_m2: Invalid input: expected number`. */
export function describeInputError(error: z.ZodError, prefix: string): string {
  const issue = error.issues[0]!
  const path = issue.path.reduce<string>(
    (out, key) => (typeof key === 'number' ? `${out}[${key}]` : `${out}.${String(key)}`),
    prefix,
  )
  return `${path}: ${issue.message}`
}
