// Texts of the legal pages (privacy, legal notes, cookies).
export default {
  privacyHeading: "Privacy policy",
  legalHeading: "Note legali",
  copyright: "Copyright",
  cookieHeading: "Cookie policy",
  moreInfo: "Maggiori informazioni",
};
