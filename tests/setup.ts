/**
 * Vitest setup for every unit and component test: jest-dom matchers, DOM cleanup between
 * tests (vitest runs without globals), storage cleared after each test, no runtime CSS
 * injection, and English active.
 */
import '@testing-library/jest-dom/vitest'
import '@vanilla-extract/css/disableRuntimeStyles'
import { afterAll, afterEach, beforeEach } from 'vitest'
import { cleanup } from '@testing-library/react'
import { i18n } from '@lingui/core'
import { messages } from '../locales/en/messages.po'
import { loadCatalogPart } from '../src/i18n/catalog-parts'
import { reportPathCoverage } from './harness/paths'

i18n.loadAndActivate({ locale: 'en', messages })
// The other catalogs as the pages load them (src/i18n/catalog-parts.ts), loaded up front so
// components that wait for them (useCatalogPart) render at once in tests.
await Promise.all([loadCatalogPart(i18n, 'pages'), loadCatalogPart(i18n, 'owner')])

// jsdom does not implement scrolling; the router's scroll restoration calls it on navigation.
if (typeof window !== 'undefined') window.scrollTo = () => {}
// Nor element scrolling, which views call to bring an outcome into view; tests spy on it.
if (typeof Element !== 'undefined' && typeof Element.prototype.scrollIntoView !== 'function') Element.prototype.scrollIntoView = () => {}

beforeEach(() => {
  // A test that switched language must not leak it into the next one.
  if (i18n.locale !== 'en') i18n.activate('en')
})

afterEach(() => {
  cleanup()
  // Files share one jsdom per worker (vite.config.ts `isolate: false`): nothing a test stored
  // reaches the next one.
  if (typeof window !== 'undefined') {
    window.localStorage.clear()
    window.sessionStorage.clear()
  }
})

// Path tests: one `paths: <machine> states X/Y, transitions A/B` line per machine the file
// explored; a machine in strict transition coverage fails its file here.
afterAll(() => void reportPathCoverage())
