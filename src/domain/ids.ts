/** Client-side ids for cart lines (SPEC §3 "Cart item": id is client-generated). */

/**
 * A shop id as the `/$shopId` route accepts it (SPEC §2): letters, digits, '-', '_' and '.',
 * at most 64 characters. Shared by the route's schema and the boot script's guess.
 */
export const SHOP_ID_PATTERN = /^[\w.-]{1,64}$/

/**
 * A fresh random id: `crypto.randomUUID()` where the platform offers it (secure contexts),
 * else a UUID v4-shaped string from `crypto.getRandomValues`, or `Math.random` as last resort
 * (ids only need to be unique within one cart, not unguessable). SPEC §3.
 */
export function newId(): string {
  const c: Crypto | undefined = globalThis.crypto
  if (c !== undefined && typeof c.randomUUID === 'function') return c.randomUUID()
  const bytes = new Uint8Array(16)
  if (c !== undefined && typeof c.getRandomValues === 'function') c.getRandomValues(bytes)
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256)
  // RFC 4122 version 4 and variant bits, so the fallback looks like randomUUID's output.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * The entry of `record` under `id`, or undefined: only the record's own keys count, so an id the
 * platform sends such as `constructor` or `__proto__` finds nothing (a map by id, SPEC §3).
 */
export function byId<T>(record: Readonly<Record<string, T>>, id: string): T | undefined {
  return Object.hasOwn(record, id) ? record[id] : undefined
}
