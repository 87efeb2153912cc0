import { defineConfig } from '@lingui/cli'

/** Lingui catalogs: English source, Swedish and Finnish translations (CONTRACT.md "Language"). */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'sv', 'fi'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['src'] }],
})
