// Texts of the pages of the "public2" group (see app/locales/index.ts).
export default {};
