#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's loader, so no build step stands between a clone and `npm start`.
import { register } from 'tsx/esm/api'

register()
await import('../src/cli/main.ts')
