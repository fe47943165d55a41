/**
 * Variance components of one pooling level, the heart of the credibility weighting.
 */

/**
 * Bühlmann–Straub moment estimators for one level: sigma² pooled within groups, tau² from the
 * spread of group means beyond what sigma² explains. tau² is 0 when groups do not differ.
 */
export function varianceComponents(
  sum: Float64Array,
  sumSq: Float64Array,
  size: Float64Array,
): { tau2: number; sigma2: number } {
  let within = 0
  let withinDf = 0
  let total = 0
  let count = 0
  let sizeSq = 0
  for (let g = 0; g < size.length; g++) {
    const m = size[g] as number
    within += (sumSq[g] as number) - ((sum[g] as number) * (sum[g] as number)) / m
    withinDf += m - 1
    total += sum[g] as number
    count += m
    sizeSq += m * m
  }
  const sigma2 = withinDf > 0 ? within / withinDf : 0
  if (size.length < 2 || count === 0) return { tau2: 0, sigma2 }
  const mean = total / count
  let between = 0
  for (let g = 0; g < size.length; g++) {
    const m = size[g] as number
    between += m * ((sum[g] as number) / m - mean) ** 2
  }
  const tau2 = (between - (size.length - 1) * sigma2) / (count - sizeSq / count)
  return { tau2: Math.max(0, tau2), sigma2 }
}
