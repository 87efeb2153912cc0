/** Brand constants of the platform provider (SPEC §2 not-found page, shop footer 'hosted by'). */
export const PROVIDER_NAME = 'Kassa'
export const PROVIDER_URL = 'https://www.example-kassa.se'
