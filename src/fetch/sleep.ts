import type { Sleep } from './types.js'

/**
 * The real {@link Sleep}: a timer that an abort cuts short. It uses the global `setTimeout`, so
 * `vi.useFakeTimers()` controls it in tests.
 */
export const sleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason)
      return
    }
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
