import { SHOP_ID_PATTERN } from '@/domain/ids'

/**
 * Top-level routes with a single path segment (src/routes): `/download` is a page of its own,
 * not the shop "download". `menu-path.test.ts` checks this list against the route tree.
 */
export const SINGLE_SEGMENT_ROUTES: readonly string[] = ['download', 'integrateFortnox', 'integrateVisma', 'stripe']


/**
 * The shop id when `pathname` is a shop's menu (`/cafe`, `/cafe/`), else null. The boot
 * script's guess at what the router will match (issue 6); the router decides.
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
