import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { TestProvider } from '@tests/test-provider'
import { Alert } from './alert'
import { Badge } from './badge'
import { DocumentTitleScope } from './document-title'
import { LoadingScreen } from './loading-screen'
import { Price } from './price'

describe('small primitives', () => {
  it('Alert is announced as an alert', () => {
    render(<Alert tone="error">Payment was cancelled</Alert>, { wrapper: TestProvider })
    expect(screen.getByRole('alert')).toHaveTextContent('Payment was cancelled')
  })

  it('LoadingScreen is one status named Loading', () => {
    render(<LoadingScreen />, { wrapper: TestProvider })
    expect(screen.getAllByRole('status')).toHaveLength(1)
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()
  })

  it('LoadingScreen names the page Loading, after the shop title inside a shop (WCAG 2.4.2)', () => {
    document.title = 'Webshop'
    const { unmount } = render(<LoadingScreen />, { wrapper: TestProvider })
    expect(document.title).toBe('Loading')
    unmount()
    render(
      <DocumentTitleScope title="Café Söder">
        <LoadingScreen />
      </DocumentTitleScope>,
      { wrapper: TestProvider },
    )
    expect(document.title).toBe('Loading – Café Söder')
  })

  it('Price formats minor units in sv-SE whatever the language', () => {
    render(
      <>
        <Price amount={123450} currency="SEK" />
        <Price amount={1250} currency="EUR" />
      </>,
      { wrapper: TestProvider },
    )
    // Intl uses narrow no-break spaces; compare with plain spaces.
    const texts = Array.from(document.querySelectorAll('span'), (el) => el.textContent?.replace(/\s/g, ' '))
    expect(texts).toEqual(['1 234,50 kr', '12,50 €'])
  })

  it('Badge picks white text on dark tags and black on light ones', () => {
    render(
      <>
        <Badge label="Vegan" color="#1b5e20" />
        <Badge label="New" color="#ffeb3b" />
        <Badge label="Popular" color="#b26a00" />
        <Badge label="Plain" color={null} />
      </>,
      { wrapper: TestProvider },
    )
    expect(screen.getByText('Vegan')).toHaveStyle({ backgroundColor: '#1b5e20', color: '#ffffff' })
    expect(screen.getByText('New')).toHaveStyle({ backgroundColor: '#ffeb3b', color: '#000000' })
    // Black reads better than white (4.9:1 against 4.2:1), though the colour is darker than mid-brightness.
    expect(screen.getByText('Popular')).toHaveStyle({ backgroundColor: '#b26a00', color: '#000000' })
    // No colour: the theme's primary from CSS, no inline override.
    expect(screen.getByText('Plain')).not.toHaveAttribute('style')
  })
})
