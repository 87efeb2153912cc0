/**
 * The `state` query parameter of a bookkeeping callback (SPEC §3 "decoded state"): base64
 * (standard or URL-safe, padding optional) of UTF-8 JSON `{isWeb, companyID, scopeState}`.
 */
export interface CallbackState {
  /** True when the owner started the link on the web; otherwise the mobile app finishes it. */
  isWeb: boolean
  companyID: string
  /** Scopes the owner granted, passed on as `scopes` of the integrate call. */
  scopeState: string
}

function decodeBase64Utf8(encoded: string): string {
  // A '+' that reached us unescaped in a query string reads as a space.
  const standard = encoded.trim().replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/')
  const padded = standard + '='.repeat((4 - (standard.length % 4)) % 4)
  const binary = atob(padded)
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
}

/**
 * Decodes a callback state; null when it is missing, not base64, not UTF-8 JSON, or lacks a
 * non-empty `companyID`. `isWeb` counts only when it is exactly `true`; a missing `scopeState`
 * becomes ''. Never throws.
 */
export function decodeCallbackState(state: string | null): CallbackState | null {
  if (state === null || state.trim() === '') return null
  let value: unknown
  try {
    value = JSON.parse(decodeBase64Utf8(state))
  } catch {
    return null
  }
  if (value === null || typeof value !== 'object') return null
  const record = value as Record<string, unknown>
  const companyID = typeof record.companyID === 'number' ? String(record.companyID) : record.companyID
  if (typeof companyID !== 'string' || companyID.trim() === '') return null
  return {
    isWeb: record.isWeb === true,
    companyID,
    scopeState: typeof record.scopeState === 'string' ? record.scopeState : '',
  }
}
