/**
 * Vitest setup for every unit and component test: jest-dom matchers, DOM cleanup between
 * tests (vitest runs without globals), no runtime CSS injection, and English active.
 */
import '@testing-library/jest-dom/vitest'
import '@vanilla-extract/css/disableRuntimeStyles'
import { afterEach, beforeEach } from 'vitest'
import { cleanup } from '@testing-library/react'
import { i18n } from '@lingui/core'
import { messages } from '../locales/en/messages.po'
import { messages as ownerMessages } from '../locales/en/owner.po'

i18n.loadAndActivate({ locale: 'en', messages: { ...messages, ...ownerMessages } })

// jsdom does not implement scrolling; the router's scroll restoration calls it on navigation.
if (typeof window !== 'undefined') window.scrollTo = () => {}

beforeEach(() => {
  // A test that switched language must not leak it into the next one.
  if (i18n.locale !== 'en') i18n.activate('en')
})

afterEach(() => {
  cleanup()
})
