import type { CardConfirmResult } from '@machines/payment/providers/card.machine'

/**
 * What the card view hands the `confirmCardPayment` actor: a function that submits the payment
 * element and confirms the payment intent with the provider (Stripe.js, or the simulated
 * provider in test mode). The element lives in React; the actor lives in the machine; the
 * gateway joins them without passing functions through events.
 */
export interface CardConfirmer {
  confirm(input: { clientSecret: string; stripeAccountId: string | null; again: boolean }): Promise<CardConfirmResult>
}

/** One gateway per app: the mounted card form attaches, the actor confirms through it. */
export function createCardGateway() {
  let current: CardConfirmer | null = null
  return {
    /** Called by the card form when its element is ready; returns a detach function. */
    attach(confirmer: CardConfirmer): () => void {
      current = confirmer
      return () => {
        if (current === confirmer) current = null
      }
    },
    /** Confirms through the attached form; rejects when no card form is mounted. */
    confirm(input: { clientSecret: string; stripeAccountId: string | null; again: boolean }): Promise<CardConfirmResult> {
      if (!current) return Promise.reject(new Error('The card form is not ready yet'))
      return current.confirm(input)
    },
  }
}

export type CardGateway = ReturnType<typeof createCardGateway>
