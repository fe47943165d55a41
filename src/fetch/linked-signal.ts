/** An abort signal tied to others (and a deadline), with `release()` to untie it once the work is done. */
export interface LinkedSignal {
  readonly signal: AbortSignal
  /** Forgets the parents and clears the timer; call it when the work ends, however it ends. */
  release(): void
}

/**
 * The children of each parent signal. One listener per parent fans out to all of them, so a run signal shared by
 * hundreds of requests in flight carries one listener, not hundreds (Node warns past ten).
 */
const followers = new WeakMap<AbortSignal, Set<AbortController>>()

function follow(parent: AbortSignal, child: AbortController): void {
  let children = followers.get(parent)
  if (!children) {
    const created = new Set<AbortController>()
    parent.addEventListener(
      'abort',
      () => {
        for (const c of created) c.abort(parent.reason)
        created.clear()
      },
      { once: true },
    )
    followers.set(parent, created)
    children = created
  }
  children.add(child)
}

/**
 * A signal that aborts when any of `parents` does (with that one's reason) or, given `timeoutMs`, after that many
 * ms with a `TimeoutError`. Cheaper per request than `AbortSignal.any` + `AbortSignal.timeout`, and its timer is
 * the global `setTimeout`, which fake timers control.
 */
export function linkSignals(parents: readonly (AbortSignal | undefined)[], timeoutMs?: number): LinkedSignal {
  const controller = new AbortController()
  const present = parents.filter((p): p is AbortSignal => p !== undefined)
  for (const parent of present) {
    if (parent.aborted) controller.abort(parent.reason)
    else follow(parent, controller)
  }
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(
          () => controller.abort(new DOMException(`Timed out after ${timeoutMs} ms`, 'TimeoutError')),
          timeoutMs,
        )
  return {
    signal: controller.signal,
    release() {
      clearTimeout(timer)
      for (const parent of present) followers.get(parent)?.delete(controller)
    },
  }
}
