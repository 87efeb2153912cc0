import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TestProvider } from '@tests/test-provider'
import { PROVIDER_NAME, PROVIDER_URL } from '@/config'
import { NotFoundView } from './not-found.view'
import { ErrorView } from './error.view'

describe('NotFoundView', () => {
  it('shows the logo, the heading, the body and a link to the provider', () => {
    render(<NotFoundView />, { wrapper: TestProvider })
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found!' })).toBeInTheDocument()
    expect(screen.getByText(/^The page you are looking for does not exist\./)).toBeInTheDocument()
    expect(screen.getByRole('img', { name: PROVIDER_NAME })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: `Go to ${PROVIDER_NAME}` })).toHaveAttribute('href', PROVIDER_URL)
  })

  it('is titled by its heading (WCAG 2.4.2)', () => {
    document.title = 'Webshop'
    render(<NotFoundView />, { wrapper: TestProvider })
    expect(document.title).toBe('Page not found!')
  })
})

describe('ErrorView', () => {
  it('shows the generic texts and retries on demand', async () => {
    const user = userEvent.setup()
    const onRetry = vi.fn()
    render(<ErrorView onRetry={onRetry} />, { wrapper: TestProvider })
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByText('Please try again later')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('is titled by its heading (WCAG 2.4.2)', () => {
    document.title = 'Webshop'
    render(<ErrorView />, { wrapper: TestProvider })
    expect(document.title).toBe('Something went wrong')
  })

  it('has no retry button without a retry action', () => {
    render(<ErrorView />, { wrapper: TestProvider })
    expect(screen.queryByRole('button')).toBeNull()
  })
})
