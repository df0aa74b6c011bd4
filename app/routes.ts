import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

/**
 * SPEC.md 2.1: the public pages, once in Italian (unprefixed) and once in English (under /en).
 * Both languages share one module per page; `id` keeps the two entries apart.
 */
function publicPages(lang: "it" | "en") {
  const id = (name: string) => ({ id: `${lang}:${name}` });
  // One pathless layout per language, for its error boundary (routes/public-pages.tsx).
  return [
    layout("routes/public-pages.tsx", id("pages"), [
      index("routes/home.tsx", id("home")),
      route("bio", "routes/bio.tsx", id("bio")),
      route("news", "routes/news.tsx", id("news")),
      route("news/:slugNews", "routes/news-detail.tsx", id("news-detail")),
      route("events", "routes/events.tsx", id("events")),
      route("events.ics", "routes/resources/events-calendar.ts", id("events-calendar")),
      // Before the page: a slug's calendar file is its page's path with ".ics" (routes rank alike; the first listed matches).
      route("events/:slugEvent.ics", "routes/resources/events-calendar.ts", id("event-calendar")),
      route("events/:slugEvent", "routes/event-detail.tsx", id("event-detail")),
      route("art-direction", "routes/art-direction.tsx", id("art-direction")),
      route("art-direction/:dataCategory", "routes/art-direction-category.tsx", id("art-direction-category")),
      route("credits", "routes/credits.tsx", id("credits")),
      route("gallery", "routes/gallery.tsx", id("gallery")),
      route("gallery/:galleryItem", "routes/gallery-item.tsx", id("gallery-item")),
      route("compositions", "routes/compositions.tsx", id("compositions")),
      route("compositions/:categoryCompositions", "routes/compositions-category.tsx", id("compositions-category")),
      route("compositions/:categoryCompositions/:slugMusic", "routes/composition-detail.tsx", id("composition-detail")),
      route("works", "routes/works.tsx", id("works")),
      route("contacts", "routes/contacts.tsx", id("contacts")),
      route("portfolio", "routes/portfolio.tsx", id("portfolio")),
      route("privacy-policy", "routes/privacy-policy.tsx", id("privacy-policy")),
      route("legal-notes", "routes/legal-notes.tsx", id("legal-notes")),
      route("cookie-policy", "routes/cookie-policy.tsx", id("cookie-policy")),
      route("search", "routes/search.tsx", id("search")),
      route("newsletter", "routes/newsletter.tsx", id("newsletter")),
      route("newsletter/:action/:token", "routes/newsletter-link.tsx", id("newsletter-link")),
      route("press", "routes/press.tsx", id("press")),
      route("press/kit.zip", "routes/resources/press-kit.ts", id("press-kit")),
      route("rss.xml", "routes/resources/news-feed.ts", id("news-feed")),
      route("*", "routes/not-found.tsx", id("not-found")),
    ]),
  ];
}

/**
 * The api/ of news items and compositions alike (SPEC.md 7, issue 24): the list, one item (by id or
 * slug), its revisions and their restore, its restore out of the trash, its preview link.
 */
function itemApi(kind: "news" | "music" | "events") {
  return [
    route(kind, `routes/api/${kind}.ts`),
    route(`${kind}/:id`, `routes/api/${kind}-item.ts`),
    route(`${kind}/:id/revisions`, "routes/api/revisions.ts", { id: `api-${kind}-revisions` }),
    route(`${kind}/:id/revisions/:revisionId/restore`, "routes/api/revision-restore.ts", { id: `api-${kind}-revision-restore` }),
    route(`${kind}/:id/restore`, "routes/api/trash-restore.ts", { id: `api-${kind}-restore` }),
    route(`${kind}/:id/preview-link`, "routes/api/preview-link.ts", { id: `api/${kind}-preview-link` }),
  ];
}

export default [
  ...publicPages("it"),
  ...prefix("en", publicPages("en")),

  // Staff sign-in (unprefixed; SPEC.md 2.16)
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),

  // Admin area (SPEC.md 2.2), protected by the layout's guard
  ...prefix("admin", [
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("categoryList", "routes/admin/category-list.tsx"),
      route("categoryList/:idCategory", "routes/admin/category-edit.tsx"),
      route("categoryList/:idCategory/delete", "routes/admin/category-delete.tsx"),
      route("categoryCreate", "routes/admin/category-create.tsx"),
      route("newsList", "routes/admin/news-list.tsx"),
      route("newsCreate", "routes/admin/news-create.tsx"),
      route("newsList/:slugNews", "routes/admin/news-edit.tsx"),
      route("newsList/:slugNews/delete", "routes/admin/news-delete.tsx"),
      route("newsList/:slugNews/history", "routes/admin/history.tsx", { id: "admin-news-history" }),
      route("musicList", "routes/admin/music-list.tsx"),
      route("musicList/:slugMusic", "routes/admin/music-edit.tsx"),
      route("musicList/:slugMusic/delete", "routes/admin/music-delete.tsx"),
      route("musicList/:slugMusic/history", "routes/admin/history.tsx", { id: "admin-music-history" }),
      route("musicList/:slugMusic/streams", "routes/admin/music-streams.ts"),
      route("musicCreate", "routes/admin/music-create.tsx"),
      route("events", "routes/admin/event-list.tsx"),
      route("events/nuovo", "routes/admin/event-create.tsx"),
      route("events/importa", "routes/admin/event-import.tsx"),
      route("events/:slugEvent", "routes/admin/event-edit.tsx"),
      route("events/:slugEvent/delete", "routes/admin/event-delete.tsx"),
      route("events/:slugEvent/history", "routes/admin/history.tsx", { id: "admin-event-history" }),
      route("activityList", "routes/admin/activity-list.tsx"),
      route("messages", "routes/admin/message-list.tsx"),
      route("messages/:idMessage", "routes/admin/message-view.tsx"),
      route("messages/:idMessage/delete", "routes/admin/message-delete.tsx"),
      route("media", "routes/admin/media-list.tsx"),
      route("media/elimina", "routes/admin/media-delete.tsx"),
      route("content/:name", "routes/admin/content-list.tsx"),
      route("content/:name/:idItem", "routes/admin/content-edit.tsx"),
      route("content/:name/:idItem/delete", "routes/admin/content-delete.tsx"),
      route("content/:name/history", "routes/admin/history.tsx", { id: "admin-content-history" }),
      route("trash", "routes/admin/trash.tsx"),
      route("trash/:idEntry/purge", "routes/admin/trash-purge.tsx"),
      route("revisions/:idRevision", "routes/admin/revision.tsx"),
      // Issue 37: the newsletter
      route("newsletter", "routes/admin/newsletter.tsx"),
      route("newsletter/export.csv", "routes/admin/newsletter-export.ts"),
      route("newsletter/sends", "routes/admin/newsletter-sends.ts"),
      route("newsletter/:idSubscriber/delete", "routes/admin/newsletter-delete.tsx"),
      route("newsList/:slugNews/newsletter", "routes/admin/news-newsletter.tsx"),
      route("stats", "routes/admin/stats.tsx"),
      route("stats/csv/:table", "routes/admin/stats-csv.ts"),
    ]),
    route("upload", "routes/admin/upload.ts"),
    route("musicList/:slugMusic/score-original", "routes/admin/score-original.ts"),
  ]),

  // api/ resource routes (SPEC.md 7); each answers with and without the trailing slash
  ...prefix("api", [
    ...itemApi("music"),
    route("latest-musics", "routes/api/latest-musics.ts"),
    route("music-by-category/:category", "routes/api/music-by-category.ts"),
    ...itemApi("news"),
    route("latest-news", "routes/api/latest-news.ts"),
    ...itemApi("events"),
    route("category", "routes/api/category.ts"),
    route("category/:id", "routes/api/category-item.ts"),
    route("category/:id/restore", "routes/api/trash-restore.ts", { id: "api-category-restore" }),
    route("activities", "routes/api/activities.ts"),
    route("latest-activities", "routes/api/latest-activities.ts"),
    route("userinfo", "routes/api/userinfo.ts"),
    route("user/:id", "routes/api/user.ts"),
    route("login", "routes/api/login.ts"),
    route("logout", "routes/api/logout.ts"),
    route("send-email", "routes/api/send-email.ts"),
    route("captcha-generator", "routes/api/captcha-generator.ts"),
    route("file/upload", "routes/api/file-upload.ts"),
    route("content/:name", "routes/api/content.ts"),
    route("content/:name/revisions", "routes/api/revisions.ts", { id: "api-content-revisions" }),
    route("content/:name/revisions/:revisionId/restore", "routes/api/revision-restore.ts", { id: "api-content-revision-restore" }),
    // Issue 38: the owner's statistics and the player's play reports.
    route("stats", "routes/api/stats.ts"),
    route("stats/play", "routes/api/stats-play.ts"),
    route("openapi.json", "routes/api/openapi.ts"),
    // Issue 37: the newsletter
    route("newsletter/subscribe", "routes/api/newsletter.ts"),
    route("newsletter/subscribers", "routes/api/newsletter-subscribers.ts"),
    route("newsletter/subscribers/:id", "routes/api/newsletter-subscriber.ts"),
    route("newsletter/sends/:id", "routes/api/newsletter-send.ts"),
    route("news/:id/newsletter", "routes/api/news-newsletter.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  // Resource routes: static content files, uploaded media, operations, small form endpoints
  route("data/:file", "routes/resources/data-file.ts"),
  route("media/*", "routes/resources/media.ts"),
  route("press/photos/:photoId", "routes/resources/press-photo.ts"),
  route("captcha/:captchaId", "routes/resources/captcha-image.ts"),
  route("cookie-consent", "routes/resources/cookie-consent.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
] satisfies RouteConfig;
