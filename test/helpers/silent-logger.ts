import type { Logger } from '../../src/pipeline/logger.js'

/** A logger that drops everything, for runs whose log lines a test does not read. */
export const SILENT_LOGGER: Logger = { debug() {}, info() {}, warn() {}, error() {} }
