import { defineConfig } from '@lingui/cli'

/** Lingui catalogs: English source, Swedish and Finnish translations (CONTRACT.md "Language"). */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'sv', 'fi'],
  fallbackLocales: { default: 'en' },
  // Test files call i18n._ with made-up ids; they are not app messages.
  catalogs: [{ path: '<rootDir>/locales/{locale}/messages', include: ['src'], exclude: ['**/*.test.ts', '**/*.test.tsx'] }],
})
