import { useRouteLoaderData } from "react-router";
import type { Lang } from "./i18n";

export type RootData = {
  lang: Lang;
  user: { username: string } | null;
  cookieConsent: boolean;
  origin: string;
  year: number;
};

export function useRootData(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  return data ?? { lang: "it", user: null, cookieConsent: true, origin: "", year: new Date().getFullYear() };
}

export function useLang(): Lang {
  return useRootData().lang;
}
