/**
 * The WWS rounds per group to quarter points and the total to whole points, halves away from zero (the reference
 * rounds with Python's `Decimal` and `ROUND_HALF_UP`, which rounds ties away from zero). Binary floating point cannot
 * hold 0.35 or 36.35 exactly, so every amount is kept as an integer: points in hundredths, money in cents, areas in
 * hundredths of a square metre.
 */

/** `n / d` rounded to the nearest integer, halves away from zero; exact for integers. */
export function divideRounded(n: number, d: number): number {
  const negative = n < 0 !== d < 0
  const a = Math.abs(n)
  const b = Math.abs(d)
  const q = Math.floor((2 * a + b) / (2 * b))
  return negative ? -q : q
}

/** `n / d` rounded down (towards minus infinity); exact for integers. */
export const divideDown = (n: number, d: number): number => Math.floor(n / d)

/** Hundredths of a point rounded to a quarter point (a multiple of 25 hundredths): 0.125 becomes 0.25. */
export const toQuarter = (hundredths: number): number => divideRounded(hundredths, 25) * 25

/** Hundredths of a point rounded to whole points: 0.5 becomes 1. */
export const toWhole = (hundredths: number): number => divideRounded(hundredths, 100)

/**
 * A decimal number as an integer count of hundredths, half up. The tiny nudge undoes binary representation error
 * (12.345 is stored as 12.34499…), so a value written with two or three decimals rounds as written.
 */
export function toHundredths(value: number): number {
  const scaled = Math.abs(value) * 100
  const rounded = Math.floor(scaled + 0.5 + 1e-7)
  return value < 0 ? -rounded : rounded
}
