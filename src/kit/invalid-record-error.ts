import { PipelineError } from '../errors.js'

/** A record of a file source that cannot become a listing; the framework rejects it with this message. */
export class InvalidRecordError extends PipelineError {
  constructor(message: string, context: Record<string, unknown> = {}) {
    super('INVALID_LISTING', message, context)
  }
}
