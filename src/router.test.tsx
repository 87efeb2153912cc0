import { afterEach, describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { i18n } from '@lingui/core'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { TestProvider } from '@tests/test-provider'
import { fakeAppServices } from '@tests/fakes/app-services.fake'
import { createAppRouter } from './router'

function renderAt(path: string) {
  const services = fakeAppServices()
  const router = createAppRouter(services, { history: createMemoryHistory({ initialEntries: [path] }) })
  render(
    <TestProvider>
      <RouterProvider router={router} context={{ services }} />
    </TestProvider>,
  )
  return router
}

afterEach(() => {
  window.localStorage.clear()
  document.documentElement.lang = 'en'
})

describe('app router', () => {
  it('renders the not-found page for an unknown nested path', async () => {
    renderAt('/no/such/page/here')
    expect(await screen.findByRole('heading', { name: 'Page not found!' })).toBeInTheDocument()
  })

  it('renders the landing page at / with the language switcher', async () => {
    renderAt('/')
    expect(await screen.findByRole('button', { name: 'Open shop' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeInTheDocument()
  })

  it('switches language from ?lang= (se is Swedish) and ignores unknown values', async () => {
    const router = renderAt('/?lang=se&table=4')
    await waitFor(() => expect(document.documentElement.lang).toBe('sv'))
    expect(await screen.findByRole('button', { name: 'Öppna butik' })).toBeInTheDocument()
    // Other query parameters survive root validation for child routes.
    expect(router.state.location.search).toMatchObject({ lang: 'se', table: 4 })
    await router.navigate({ to: '/', search: { lang: 'fi' } })
    await waitFor(() => expect(document.documentElement.lang).toBe('fi'))
    await router.navigate({ to: '/', search: {} })
    expect(i18n.locale).toBe('fi')
  })
})
