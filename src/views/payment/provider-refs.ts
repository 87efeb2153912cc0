/**
 * The checkout's provider children, as the checkout machine's file exports them (the card
 * form container and the card view read them from here).
 */
export { providerOf, type CardProviderRef } from '@machines/checkout/checkout.machine'
