import * as v from 'valibot'
import { notArray } from '../src/api/schemas/common.schema'

/** What a fault does to a request: answer 500, drop the connection, or wait before answering. */
export type FaultKind = 'error500' | 'drop' | 'slow'
/** The request groups a fault can hit: shop load, session GET (polls), startPayment. */
export type FaultTarget = 'shop' | 'session' | 'startPayment'

/** An active fault; `remaining` null means every request until cleared. */
export interface FaultRule {
  kind: FaultKind
  remaining: number | null
}

/** Body of POST /sandbox/faults. `times` applies to each target named in the same call. */
export const faultsBodySchema = notArray(
  v.object({
    shop: v.nullish(v.picklist(['error500', 'drop'])),
    session: v.nullish(v.picklist(['error500', 'drop', 'slow'])),
    startPayment: v.nullish(v.picklist(['error500', 'drop'])),
    times: v.nullish(v.pipe(v.number(), v.safeInteger(), v.gtValue(0))),
  }),
)

/** Thrown to make the server answer nothing: the socket is destroyed, `app.request` rejects. */
export class DroppedRequestError extends Error {
  constructor() {
    super('Request dropped by a sandbox fault')
    this.name = 'DroppedRequestError'
  }
}

/** The fault switchboard used by tests (`POST/DELETE /sandbox/faults`). */
export class Faults {
  private rules: Partial<Record<FaultTarget, FaultRule>> = {}

  /** Sets (or, with null, clears) the faults named in `body`; targets not named keep theirs. */
  set(body: v.InferOutput<typeof faultsBodySchema>): void {
    for (const target of ['shop', 'session', 'startPayment'] as const) {
      const kind = body[target]
      if (kind === undefined) continue
      if (kind === null) delete this.rules[target]
      else this.rules[target] = { kind, remaining: body.times ?? null }
    }
  }

  clear(): void {
    this.rules = {}
  }

  /** The current rules, for GET /sandbox/faults. */
  snapshot(): Partial<Record<FaultTarget, FaultRule>> {
    return structuredClone(this.rules)
  }

  /** Consumes one use of the fault on `target`, returning its kind, or null when none. */
  take(target: FaultTarget): FaultKind | null {
    const rule = this.rules[target]
    if (!rule) return null
    if (rule.remaining !== null) {
      rule.remaining -= 1
      if (rule.remaining <= 0) delete this.rules[target]
    }
    return rule.kind
  }
}
