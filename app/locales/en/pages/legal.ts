import type it from "../../it/pages/legal";

export default {
  privacyHeading: "Privacy policy",
  legalHeading: "Legal notes",
  copyright: "Copyright",
  cookieHeading: "Cookie policy",
  moreInfo: "More information",
} satisfies typeof it;
