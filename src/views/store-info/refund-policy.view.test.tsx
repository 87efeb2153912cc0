import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { renderInShop } from '@/views/shop/shop-view.samples'
import { RefundPolicyView } from './refund-policy.view'

describe('RefundPolicyView (SPEC §2 "Store info")', () => {
  it('shows the policy as text with its line breaks, the opening hours and a way back', async () => {
    const policy = 'Returns within 14 days.\n<b>Keep</b> the receipt.'
    await renderInShop(<RefundPolicyView shopId="cafe" refundPolicy={policy} openHours={'Mon–Fri 07–18\nSat 09–16'} />)
    expect(await screen.findByRole('heading', { level: 2, name: 'Refund policy' })).toBeInTheDocument()
    const text = screen.getByText(/Returns within 14 days\./)
    // Rendered as text: the markup stays visible, never becomes an element.
    expect(text.textContent).toBe(policy)
    expect(text.querySelector('b')).toBeNull()
    expect(screen.getByRole('heading', { name: 'Opening hours' })).toBeInTheDocument()
    expect(screen.getByText(/Mon–Fri 07–18\s+Sat 09–16/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/cafe')
  })

  it('says so when the shop has no policy, and leaves out empty opening hours', async () => {
    await renderInShop(<RefundPolicyView shopId="cafe" refundPolicy={'  '} openHours={null} />)
    expect(await screen.findByText(/has not published a refund policy/)).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Opening hours' })).toBeNull()
  })
})
