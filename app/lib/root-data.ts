import { useRouteLoaderData } from "react-router";
import type { Lang } from "./i18n";

export type RootData = {
  lang: Lang;
  user: { username: string } | null;
  cookieConsent: boolean;
  origin: string;
  year: number;
  /** SMTP_URL is set: the footer offers the newsletter's sign-up (issue 37). */
  newsletter: boolean;
};

export function useRootData(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  return data ?? { lang: "it", user: null, cookieConsent: true, origin: "", year: new Date().getFullYear(), newsletter: false };
}

export function useLang(): Lang {
  return useRootData().lang;
}
