/** Status words agents print on homes that are no longer offered, though their pages keep showing them a while. */
const TAKEN = /^(verhuurd|verkocht|onder optie|gereserveerd)$/i

/** Whether a printed status ("Verhuurd", "Te huur") says the home is no longer on offer. */
export function isTaken(status: string): boolean {
  return TAKEN.test(status.trim())
}
