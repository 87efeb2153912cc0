import { z } from '../zod'

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
export const integrationUrlResponseSchema = z.pipe(
  z.union([z.object({ integrationUrl: z.string().check(z.minLength(1)) }), z.string().check(z.minLength(1))]),
  z.transform((v) => ({ integrationUrl: typeof v === 'string' ? v : v.integrationUrl })),
)

export type IntegrationUrlResponseWire = z.input<typeof integrationUrlResponseSchema>
