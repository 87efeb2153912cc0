import { describe, expect, it } from 'vitest'
import { detectLocale, isLocale, localeFromSearch, normalizeLocale, type LocaleSources } from './locales'

describe('normalizeLocale', () => {
  it.each([
    ['sv', 'sv'],
    ['se', 'sv'],
    ['SE', 'sv'],
    ['sv-SE', 'sv'],
    ['sv_FI', 'sv'],
    ['fi-FI', 'fi'],
    ['fi', 'fi'],
    ['en-GB', 'en'],
    ['EN-us', 'en'],
    [' en ', 'en'],
    ['de-DE', null],
    ['nb', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j → %j', (tag, expected) => {
    expect(normalizeLocale(tag)).toBe(expected)
  })
})

describe('isLocale', () => {
  it('accepts only exact app locales', () => {
    expect(isLocale('sv')).toBe(true)
    expect(isLocale('fi')).toBe(true)
    expect(isLocale('se')).toBe(false)
    expect(isLocale('sv-SE')).toBe(false)
    expect(isLocale(1)).toBe(false)
  })
})

describe('localeFromSearch', () => {
  it('reads lang with or without the leading ?', () => {
    expect(localeFromSearch('?lang=fi&table=3')).toBe('fi')
    expect(localeFromSearch('table=3&lang=se')).toBe('sv')
    expect(localeFromSearch('?lang=xx')).toBeNull()
    expect(localeFromSearch('')).toBeNull()
  })

  it("takes only sv, en, fi (or se) in any case: a provider's region-tagged lang is not the customer's choice", () => {
    expect(localeFromSearch('?lang=SV')).toBe('sv')
    // Viva's checkout returns to the shop with `&lang=en-GB`.
    expect(localeFromSearch('?t=tx-1&s=ORDER123&lang=en-GB&eventId=0&eci=1')).toBeNull()
    expect(localeFromSearch('?lang=fi-FI')).toBeNull()
  })
})

describe('detectLocale', () => {
  const none: LocaleSources = { search: '', stored: null, navigatorLanguages: [] }
  it.each<[string, Partial<LocaleSources>, string]>([
    ['nothing known → English', {}, 'en'],
    ['query wins over stored and browser', { search: '?lang=fi', stored: 'sv', navigatorLanguages: ['sv-SE'] }, 'fi'],
    ['query alias se', { search: '?lang=se', navigatorLanguages: ['fi'] }, 'sv'],
    ['invalid query falls through to stored', { search: '?lang=de', stored: 'fi' }, 'fi'],
    ['stored wins over browser', { stored: 'sv', navigatorLanguages: ['fi-FI', 'en'] }, 'sv'],
    ['garbage stored falls through to browser', { stored: 'klingon', navigatorLanguages: ['fi-FI'] }, 'fi'],
    ['first matching browser language', { navigatorLanguages: ['de-DE', 'nb', 'sv-SE', 'en'] }, 'sv'],
    ['browser order is respected', { navigatorLanguages: ['en-US', 'sv-SE'] }, 'en'],
    ['no browser language matches → English', { navigatorLanguages: ['de', 'fr-FR'] }, 'en'],
    ['a browser se is Northern Sami, not Swedish', { navigatorLanguages: ['se', 'SE-no', 'fi'] }, 'fi'],
    ['stored alias se', { stored: 'se', navigatorLanguages: ['fi'] }, 'sv'],
  ])('%s', (_name, sources, expected) => {
    expect(detectLocale({ ...none, ...sources })).toBe(expected)
  })
})
