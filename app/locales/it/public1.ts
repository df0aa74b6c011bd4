// Texts of the pages of the "public1" group (see app/locales/index.ts).
export default {};
