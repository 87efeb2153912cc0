import { afterEach, describe, expect, it } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { setupI18n } from '@lingui/core'
import { TestProvider } from '@tests/test-provider'
import { activateLocale, LOCALE_STORAGE_KEY } from '@/i18n'
import { LanguageSwitcher } from './language-switcher.view'
import { loadCatalogPart } from '@/i18n/catalog-parts'
import { NotFoundView } from './not-found.view'

afterEach(() => {
  window.localStorage.clear()
  document.documentElement.lang = 'en'
})

describe('LanguageSwitcher', () => {
  it('switches the page language, <html lang> and the stored choice', async () => {
    const user = userEvent.setup()
    const i18n = setupI18n()
    await activateLocale(i18n, 'en', { persist: false })
    // The not-found page's texts are in the `pages` catalog; a language change brings it along.
    await loadCatalogPart(i18n, 'pages')
    render(
      <TestProvider i18n={i18n}>
        <LanguageSwitcher />
        <NotFoundView />
      </TestProvider>,
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found!' })).toBeInTheDocument()
    const select = screen.getByRole('combobox', { name: 'Language' })
    expect(select).toHaveValue('en')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Svenska', 'English', 'Suomi'])

    await user.selectOptions(select, 'Svenska')
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sidan hittades inte!'))
    expect(document.documentElement.lang).toBe('sv')
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('sv')
    // The label itself is translated too, and the select follows the active language.
    expect(screen.getByRole('combobox', { name: 'Språk' })).toHaveValue('sv')
  })
})
