import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import * as v from 'valibot'

/** Hono environment of the sandbox: the Node request is present when served over HTTP. */
export interface SandboxEnv {
  Bindings: { incoming?: IncomingMessage }
  Variables: { sid: string }
}

/** The platform's error body (SPEC §7): `{name}` or `{name, errorCode}`. */
export function errorBody(name: string, errorCode?: string) {
  return errorCode === undefined ? { name } : { name, errorCode }
}

/** The request's JSON body, or undefined when it is missing or not JSON (never throws). */
export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json()
  } catch {
    return undefined
  }
}

/** 404 `{name: 'Shop not found'}` for an unknown shop id. */
export const shopNotFound = (c: Context<SandboxEnv>) => c.json(errorBody('Shop not found'), 404)

/** True when `value` is a whole number of at most six digits within `range` (tables, references). */
export function inRange(value: string, range: { min: number; max: number } | undefined): boolean {
  if (!range || !/^\d{1,6}$/.test(value)) return false
  const n = Number(value)
  return n >= range.min && n <= range.max
}

// Request body parts (valibot). A missing key runs its entry only when the entry is nullish with a
// default, so "missing becomes ''/[]/null" is written as a default, not a transform of undefined.

/** A count of units: a whole number from 0. */
export const count = v.pipe(v.number(), v.safeInteger(), v.minValue(0))
/** An id sent as a non-empty string or a whole number, kept as a string. */
export const idSchema = v.pipe(v.union([v.pipe(v.string(), v.minLength(1)), v.pipe(v.number(), v.safeInteger())]), v.transform(String))
