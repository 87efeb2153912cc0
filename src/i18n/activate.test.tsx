import { afterEach, describe, expect, it, vi } from 'vitest'
import { Suspense, startTransition, useLayoutEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { act, render, screen } from '@testing-library/react'
import { setupI18n } from '@lingui/core'
import { TestProvider } from '@tests/test-provider'
import { NotFoundView } from '@/views/app/not-found.view'
import { ErrorView } from '@/views/app/error.view'
import { activateLocale, activatePending, loadCatalog, readStoredLocale } from './activate'
import { loadCatalogPart, loadPartCatalog, useCatalogPart, type CatalogPart } from './catalog-parts'
import { LOCALE_STORAGE_KEY } from './locales'

afterEach(() => {
  vi.restoreAllMocks()
  window.localStorage.clear()
  document.documentElement.lang = 'en'
})

describe('activateLocale', () => {
  it('loads the catalog, activates it, sets <html lang> and stores the choice', async () => {
    const i18n = setupI18n()
    await activateLocale(i18n, 'fi')
    expect(i18n.locale).toBe('fi')
    expect(document.documentElement.lang).toBe('fi')
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('fi')
    expect(readStoredLocale()).toBe('fi')
  })

  it('does not store a guessed language when persist is false', async () => {
    const i18n = setupI18n()
    await activateLocale(i18n, 'sv', { persist: false })
    expect(document.documentElement.lang).toBe('sv')
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull()
  })

  it('still switches when storage throws', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError')
    })
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    const i18n = setupI18n()
    await expect(activateLocale(i18n, 'sv')).resolves.toBeUndefined()
    expect(i18n.locale).toBe('sv')
    expect(readStoredLocale()).toBeNull()
  })
})

describe('catalog loaded alongside the first render (issue 6)', () => {
  it('activatePending makes the locale active without a warning; activateLocale then uses the catalog already in flight', async () => {
    const i18n = setupI18n()
    const warn = vi.spyOn(console, 'warn')
    activatePending(i18n, 'sv')
    expect(i18n.locale).toBe('sv')
    expect(warn).not.toHaveBeenCalled()
    let changes = 0
    i18n.on('change', () => changes++)
    await activateLocale(i18n, 'sv', { persist: false, messages: Promise.resolve({ 'greeting.id': 'Hej' }) })
    expect(i18n._('greeting.id')).toBe('Hej')
    expect(changes).toBeGreaterThan(0)
    // A message the catalog lacks falls back to its id.
    expect(i18n._('other.id')).toBe('other.id')
    expect(document.documentElement.lang).toBe('sv')
  })

  it('activatePending keeps the loaded catalog of a language switched back to', async () => {
    const i18n = setupI18n()
    await activateLocale(i18n, 'sv', { persist: false, messages: Promise.resolve({ 'greeting.id': 'Hej' }) })
    activatePending(i18n, 'fi')
    expect(i18n.locale).toBe('fi')
    activatePending(i18n, 'sv')
    expect(i18n._('greeting.id')).toBe('Hej')
  })

  it('leaves the message compiler alone (public API only): missing messages still compile as Lingui does', () => {
    const i18n = setupI18n()
    const setCompiler = vi.spyOn(i18n, 'setMessagesCompiler')
    activatePending(i18n, 'en')
    expect(setCompiler).not.toHaveBeenCalled()
    expect(i18n._('Hello {name}', { name: 'Ada' })).toBe('Hello Ada')
  })

  it('activatePending keeps an active catalog of the same locale', async () => {
    const i18n = setupI18n()
    await activateLocale(i18n, 'fi', { persist: false })
    const before = i18n.messages
    activatePending(i18n, 'fi')
    expect(i18n.messages).toBe(before)
  })

  it('loadCatalog resolves the compiled messages of each locale', async () => {
    const [sv, fi] = await Promise.all([loadCatalog('sv'), loadCatalog('fi')])
    expect(Object.keys(sv).length).toBeGreaterThan(10)
    // The same ids, translated differently.
    const shared = Object.keys(sv).filter((id) => id in fi)
    expect(shared.length).toBeGreaterThan(10)
    expect(shared.some((id) => JSON.stringify(sv[id]) !== JSON.stringify(fi[id]))).toBe(true)
  })

  it('rejects when the catalog in flight fails, leaving the pending locale active', async () => {
    const i18n = setupI18n()
    activatePending(i18n, 'fi')
    await expect(activateLocale(i18n, 'fi', { messages: Promise.reject(new Error('offline')) })).rejects.toThrow('offline')
    expect(i18n.locale).toBe('fi')
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBeNull()
  })
})

// Guards TOOLCHAIN.md pitfall 6: the ids the macro compiles into components must be the ids
// the CLI wrote into the catalogs, or translations silently fall back to English.
describe('catalogs through the macro', () => {
  it('renders the Swedish and Finnish not-found heading', async () => {
    const i18n = setupI18n()
    await activateLocale(i18n, 'sv', { persist: false })
    await loadCatalogPart(i18n, 'pages') // the not-found page's texts (it loads them itself, lazily)
    const { unmount } = render(<NotFoundView />, { wrapper: ({ children }) => <TestProvider i18n={i18n}>{children}</TestProvider> })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sidan hittades inte!')
    unmount()

    await activateLocale(i18n, 'fi', { persist: false })
    render(<ErrorView onRetry={() => {}} />, { wrapper: ({ children }) => <TestProvider i18n={i18n}>{children}</TestProvider> })
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Jokin meni vikaan')
    expect(screen.getByRole('button', { name: 'Yritä uudelleen' })).toBeInTheDocument()
  })
})

describe('catalog parts (issue 6)', () => {
  it.each<CatalogPart>(['pages', 'owner'])('%s: not in the app catalog; loadCatalogPart adds it, and later language changes bring it along', async (part) => {
    const [sv, svPart, fiPart] = await Promise.all([loadCatalog('sv'), loadPartCatalog(part, 'sv'), loadPartCatalog(part, 'fi')])
    const partIds = Object.keys(svPart).filter((id) => !(id in sv))
    expect(partIds.length).toBeGreaterThan(20)
    const id = partIds[0]!
    const i18n = setupI18n()
    await activateLocale(i18n, 'sv', { persist: false })
    expect(i18n.messages[id]).toBeUndefined()
    const loading = loadCatalogPart(i18n, part)
    expect(loadCatalogPart(i18n, part)).toBe(loading) // one load per part and language
    await loading
    expect(i18n.messages[id]).toEqual(svPart[id])
    await activateLocale(i18n, 'fi', { persist: false })
    expect(i18n.locale).toBe('fi')
    expect(i18n.messages[id]).toEqual(fiPart[id])
    expect(fiPart[id]).not.toEqual(svPart[id])
  })
})

describe('useCatalogPart: public React APIs only', () => {
  // Counts mounts of what the page holds the way Stripe's element component does: in a layout
  // effect, which a Suspense fallback undoes (the element is destroyed) and redoes.
  let mounts = 0
  function Held() {
    useLayoutEffect(() => {
      mounts++
    }, [])
    return null
  }
  function PageText() {
    useCatalogPart('pages')
    // A hook after the read: a render that suspended and React's replay must call the same ones.
    const [text] = useState('texts here')
    return (
      <p>
        {text}
        <Held />
      </p>
    )
  }
  let fallbacks = 0
  // `fallbacks` counts fallbacks shown (committed); React may render one it never shows, which
  // `suspensions` counts.
  let suspensions = 0
  function Loading() {
    suspensions++
    useLayoutEffect(() => {
      fallbacks++
    })
    return <p>loading</p>
  }
  const page = (i18n: ReturnType<typeof setupI18n>) => (
    <TestProvider i18n={i18n}>
      <Suspense fallback={<Loading />}>
        <PageText />
      </Suspense>
    </TestProvider>
  )

  it('renders a loaded part without a fallback in a transition, and writes nothing onto the load promise', async () => {
    const i18n = setupI18n()
    await activateLocale(i18n, 'sv', { persist: false })
    const loading = loadCatalogPart(i18n, 'pages')
    await loading
    expect(Object.keys(loading)).toEqual([])
    const container = document.body.appendChild(document.createElement('div'))
    const root = createRoot(container)
    fallbacks = 0
    await act(async () => startTransition(() => root.render(page(i18n))))
    expect(container.textContent).toBe('texts here')
    expect(fallbacks).toBe(0)
    act(() => root.unmount())
    container.remove()
  })

  it('keeps the page and what it holds on screen through a language change (switched in a transition)', async () => {
    const i18n = setupI18n()
    await activateLocale(i18n, 'sv', { persist: false })
    await loadCatalogPart(i18n, 'pages')
    await act(async () => {
      render(page(i18n))
    })
    expect(screen.getByText('texts here')).toBeInTheDocument()
    fallbacks = 0
    mounts = 0
    // The switcher's change: the part's Finnish catalog is loaded before Finnish is active.
    await act(() => activateLocale(i18n, 'fi', { persist: false, transition: startTransition }))
    expect(i18n.locale).toBe('fi')
    expect(screen.getByText('texts here')).toBeVisible()
    expect(fallbacks).toBe(0)
    expect(mounts).toBe(0)
  })

  it('suspends while the part is on its way, then renders, reading it with use() again', async () => {
    const errors = vi.spyOn(console, 'error')
    const i18n = setupI18n()
    await activateLocale(i18n, 'fi', { persist: false })
    suspensions = 0
    await act(async () => {
      render(page(i18n))
    })
    expect(suspensions).toBeGreaterThan(0)
    await act(() => loadCatalogPart(i18n, 'pages'))
    expect(screen.getByText('texts here')).toBeInTheDocument()
    // React's warning when a render that suspended on use() is finished without it.
    expect(errors.mock.calls.flat().join(' ')).not.toContain('use()')
  })
})
