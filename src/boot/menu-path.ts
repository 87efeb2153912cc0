import { SHOP_ID_PATTERN } from '@/domain/ids'

/**
 * Top-level routes with a single path segment (src/routes): `/download` is a page of its own,
 * not the shop "download". `menu-path.test.ts` checks this list against the route tree.
 * @internal exported for that test (knip --production)
 */
export const SINGLE_SEGMENT_ROUTES: readonly string[] = ['download', 'integrateFortnox', 'integrateVisma', 'stripe']


/**
 * The shop id when `pathname` is a shop's menu (`/cafe`, `/cafe/`), else null. The boot
 * script's guess at what the router will match; the router decides.
 */
export function menuShopId(pathname: string): string | null {
  const match = /^\/([^/]+)\/?$/.exec(pathname)
  if (!match?.[1]) return null
  let segment: string
  try {
    segment = decodeURIComponent(match[1])
  } catch {
    return null
  }
  return SHOP_ID_PATTERN.test(segment) && !SINGLE_SEGMENT_ROUTES.includes(segment) ? segment : null
}

/**
 * One search value as the router reads it (`?table=5` → '5': the router keeps query values as
 * text, src/search-params.ts); undefined when absent; null when the key is repeated or the value
 * is unusual (beyond 64 letters, digits, '_' and '-'), which the app then reads itself.
 */
function routerText(params: URLSearchParams, key: string): string | null | undefined {
  const [raw, ...more] = params.getAll(key)
  if (raw === undefined) return undefined
  return more.length > 0 || !/^[\w-]{1,64}$/.test(raw) ? null : raw
}

/**
 * The query of the menu's first session request (`?table=&tabId=`, SPEC §2), as the app will
 * send it, from the page's search; '' without either, null when the router's reading cannot be
 * guessed for sure (the boot script then leaves the request to the app).
 */
export function sessionQueryGuess(search: string): string | null {
  const params = new URLSearchParams(search)
  const query = new URLSearchParams()
  for (const key of ['table', 'tabId']) {
    const value = routerText(params, key)
    if (value === null) return null
    if (value !== undefined) query.set(key, value)
  }
  const text = query.toString()
  return text && `?${text}`
}
