import * as v from 'valibot'

/** Bookkeeping providers the integrate call accepts (SPEC §2, §7). */
export const bookkeepingProviders = ['fortnox', 'visma'] as const
export type BookkeepingProvider = (typeof bookkeepingProviders)[number]

/** Body of POST /api/v1/webshop/bookkeeping/{provider}/integrate/{companyId} (SPEC §3). */
export interface IntegrateBookkeepingBody {
  authorizationCode: string
  scopes: string
}

/**
 * Answer of GET /api/v1/webshop/bookkeeping/integrationUrl/… (SPEC §7): `{integrationUrl}`;
 * a bare JSON string is accepted too.
 */
export const integrationUrlResponseSchema = v.pipe(
  v.union([v.object({ integrationUrl: v.pipe(v.string(), v.minLength(1)) }), v.pipe(v.string(), v.minLength(1))]),
  v.transform((answer) => ({ integrationUrl: typeof answer === 'string' ? answer : answer.integrationUrl })),
)
