import { path } from '../http'
import type { Http } from '../http'
import { integrationUrlResponseSchema } from '../schemas/bookkeeping.schema'
import type { BookkeepingProvider, IntegrateBookkeepingBody } from '../schemas/bookkeeping.schema'

/**
 * POST /api/v1/webshop/bookkeeping/{provider}/integrate/{companyId} with
 * `{authorizationCode, scopes}` (SPEC §7, bookkeeping callback). Rejects with ApiError;
 * its `serverMessage` is shown after integrate.*IntegrationFailed (SPEC §8).
 */
export function integrateBookkeeping(
  http: Http,
  provider: BookkeepingProvider,
  companyId: string,
  body: IntegrateBookkeepingBody,
): Promise<void> {
  return http.send('post', path`api/v1/webshop/bookkeeping/${provider}/integrate/${companyId}`, {
    json: { authorizationCode: body.authorizationCode, scopes: body.scopes },
  })
}

/**
 * GET /api/v1/webshop/bookkeeping/integrationUrl/{bookkeeper}/{companyId}/{authCode} (SPEC §7).
 * An expired link answers unauthorized: ApiError kind 'unauthorized' (or errorCode 'UNAUTHORIZED').
 */
export function getIntegrationUrl(
  http: Http,
  bookkeeper: string,
  companyId: string,
  authCode: string,
): Promise<{ integrationUrl: string }> {
  return http.json(
    'get',
    path`api/v1/webshop/bookkeeping/integrationUrl/${bookkeeper}/${companyId}/${authCode}`,
    integrationUrlResponseSchema,
  )
}
