import { stringify } from 'devalue'

/** Marks a value as Vue `reactive()`: serialised as Nuxt does, `["Reactive", i]`. */
export class Reactive {
  constructor(readonly value: object) {}
}
/** Marks a value as Vue `shallowReactive()`: `["ShallowReactive", i]`. */
export class ShallowReactive {
  constructor(readonly value: object) {}
}
/** Marks a value as a Vue `ref()`: `["Ref", i]`, or `["EmptyRef", "null"]` when it holds nothing truthy. */
export class Ref {
  constructor(readonly value: unknown) {}
}

/**
 * A `<script id="__NUXT_DATA__">` as Nuxt 3 writes it: the state flattened by devalue, with Nuxt's reducers for its
 * Vue wrappers (the same ones whose revivers the Funda adapter uses to read it back).
 */
export function nuxtDataScript(state: unknown): string {
  const json = stringify(state, {
    ShallowReactive: (v) => v instanceof ShallowReactive && v.value,
    Reactive: (v) => v instanceof Reactive && v.value,
    Ref: (v) => v instanceof Ref && v.value,
    EmptyRef: (v) => v instanceof Ref && !v.value && (JSON.stringify(v.value) ?? '_'),
  })
  return `<script type="application/json" data-nuxt-data="nuxt-app" data-ssr="true" id="__NUXT_DATA__">${json.replaceAll('</', '<\\/')}</script>`
}
