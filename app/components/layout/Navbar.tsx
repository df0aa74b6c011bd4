import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/lib/translation";
import { Link, NavLink, useLocation } from "react-router";
import { localizePath, otherLang, stripLang } from "~/lib/i18n";
import { pagePath, type PageName } from "~/lib/paths";
import { useLang } from "~/lib/root-data";
import { pageQuery } from "~/lib/page-query";

/** SPEC.md 2.3, in order; each page's label is `nav.{page}`. */
const NAV_PAGES = [
  "home",
  "bio",
  "compositions",
  "artDirection",
  "portfolio",
  "gallery",
  "credits",
  "contacts",
  "news",
  "search",
] as const satisfies readonly PageName[];

/** SPEC.md 2.3: transparent over the hero on home, bio and a composition detail. */
function isTransparentPath(pathname: string): boolean {
  const path = stripLang(pathname);
  return path === "/" || path === "/bio" || /^\/compositions\/[^/]+\/[^/]+\/?$/.test(path);
}

const SCROLL_THRESHOLD = 100;

export function Navbar() {
  const { t } = useTranslation();
  const lang = useLang();
  const location = useLocation();
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const transparent = isTransparentPath(location.pathname);
  const isHome = stripLang(location.pathname) === "/";

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > SCROLL_THRESHOLD);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  useEffect(() => setMenuOpen(false), [location.pathname]);

  // Escape closes the open menu from anywhere on the page, and focus goes back to the toggle that
  // opened it (a focused link of the menu would otherwise vanish with it).
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  const target = otherLang(lang);
  const toggleHref = `${localizePath(location.pathname, target)}${withLangParam(pageQuery(location.search), target)}`;

  return (
    <header
      className="navbar"
      data-transparent={transparent ? "true" : "false"}
      data-scrolled={scrolled ? "true" : "false"}
      data-home={isHome ? "true" : "false"}
      data-menu-open={menuOpen ? "true" : "false"}
    >
      <div className="navbar__inner">
        <Link to={pagePath("home", lang)} className="navbar__brand" prefetch="intent">
          {t("composerName")}
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="navbar__menu-button"
          aria-expanded={menuOpen}
          aria-controls="main-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="navbar__menu-icon" aria-hidden="true" />
          <span className="visually-hidden">{t("nav.menu")}</span>
        </button>
        <nav id="main-nav" className="navbar__nav" aria-label={t("nav.main")}>
          <ul>
            {NAV_PAGES.map((page) => (
              <li key={page}>
                <NavLink to={pagePath(page, lang)} end={page === "home"} prefetch="intent">
                  {t(`nav.${page}`)}
                </NavLink>
              </li>
            ))}
          </ul>
          {/*
            A client-side navigation (the audio player keeps playing) to the same page in the other
            language; without JavaScript the same href is a plain link. Either way `lng` reaches the
            root middleware, which saves the choice in the cookie and answers with the page without
            the parameter. The browser mirrors the choice to localStorage (SPEC.md 4).
            No prefetch: fetching this URL saves a choice.
          */}
          <Link
            className="navbar__lang"
            to={toggleHref}
            hrefLang={target}
            lang={target}
            aria-label={t("nav.switchLanguageLabel")}
            onClick={() => {
              try {
                window.localStorage.setItem("isEnglish", String(target === "en"));
              } catch {
                // storage may be disabled; the cookie set by the server is what counts
              }
            }}
          >
            {target.toUpperCase()}
          </Link>
        </nav>
      </div>
    </header>
  );
}

/** The toggle keeps the query string and adds `lng`, which the server saves and strips. */
function withLangParam(search: string, lang: string): string {
  const params = new URLSearchParams(search);
  params.set("lng", lang);
  return `?${params.toString()}`;
}
