/** Language selection and activation (CONTRACT.md "Language"). */
export * from './locales'
export * from './activate'
