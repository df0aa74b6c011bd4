import { z } from "zod";
import { CATEGORY_FIELDS } from "~/lib/category-fields";
import { englishName, type ItemFields } from "~/lib/item-fields";
import { MUSIC_FIELDS } from "~/lib/music-fields";
import { NEWS_FIELDS } from "~/lib/news-fields";
import { EVENT_FIELDS } from "~/lib/event-fields";
import { CONTENT_KINDS, contentDocumentSchema } from "~/lib/content-types";
import { PAGE_SIZES } from "~/lib/list-params";
import { categoryInputSchema } from "../../domain/categories.server";
import { musicInputSchema } from "../../domain/music.server";
import { newsInputSchema } from "../../domain/news.server";
import { eventInputSchema } from "../../domain/events.server";
import { UPLOAD_PURPOSES } from "../../domain/uploads.server";

/**
 * A compact OpenAPI 3.1 description of the api/ (docs/api.md is the full reference).
 * Kept beside the routes so a new endpoint is added to both in one change.
 */
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const list = (name: string) => ({ type: "array", items: ref(name) });
const str = { type: "string" } as const;
const int = { type: "integer" } as const;
const nullableStr = { type: ["string", "null"] } as const;

const err = (description: string) => ({ description, content: { "application/json": { schema: ref("Error") } } });
const ok = (schema: unknown, description = "OK") => ({ description, content: { "application/json": { schema } } });

const ERR = {
  400: err("Invalid body or field"),
  401: err("No session"),
  403: err("Not staff, CSRF failure or cross-site request"),
  404: err("Not found"),
  409: err("Conflict"),
  413: err("Too large"),
  415: err("Unsupported Content-Type or file type"),
  429: err("Throttled"),
  503: err("Not available on this installation (e.g. the newsletter without SMTP_URL)"),
};
const pick = (...codes: (keyof typeof ERR)[]) => Object.fromEntries(codes.map((c) => [c, ERR[c]]));
const listParams = [
  { name: "q", in: "query", schema: str },
  { name: "page", in: "query", schema: int },
  { name: "size", in: "query", schema: { enum: [...PAGE_SIZES] } },
];
const key = { name: "key", in: "path", required: true, description: "id or slug", schema: str };
const id = { name: "id", in: "path", required: true, schema: int };
const staff = [{ session: [], csrf: [] }];
const contentName = { name: "name", in: "path", required: true, description: "the kind of content, as /data/{name}.json", schema: { enum: CONTENT_KINDS } };
const revisionId = { name: "revisionId", in: "path", required: true, schema: int };

/** POST /api/{news|music}/{key}/preview-link/ (issue 24): the same for both kinds. */
const previewLinkPath = {
  parameters: [key],
  post: {
    security: staff,
    description: "Issue 24: a link showing the item (draft or scheduled) to anyone holding it, noindex and no-store, until expires_at or revoked.",
    requestBody: {
      required: false,
      content: {
        "application/json": {
          schema: {
            type: "object",
            properties: { expires_in: { type: "integer", minimum: 1, maximum: 2592000, description: "seconds; default 7 days" } },
          },
        },
      },
    },
    responses: {
      201: ok({ type: "object", properties: { url: str, expires_at: { type: "string", format: "date-time" } } }, "Created"),
      ...pick(400, 401, 403, 404, 415),
    },
  },
};

/** Issue 24: the revisions of an item, their restore and (news and music) the restore out of the trash. */
function history(segment: "news" | "music" | "events" | "content", schema: "News" | "Music" | "Event" | "Content", itemParam: Record<string, unknown>) {
  const base = `/api/${segment}/{${String(itemParam.name)}}`;
  const item = schema === "Content" ? { oneOf: CONTENT_KINDS.map((kind) => ref(`Content_${kind}`)) } : ref(schema);
  const paths: Record<string, unknown> = {
    [`${base}/revisions/`]: {
      parameters: [itemParam],
      get: { security: [{ session: [] }], responses: { 200: ok(list(`${schema}Revision`), "Newest first"), ...pick(401, 403, 404) } },
    },
    [`${base}/revisions/{revisionId}/restore/`]: {
      parameters: [itemParam, revisionId],
      post: {
        security: staff,
        description: "Writes the revision back over the item; the restore is itself a new revision. 409 when its category is gone.",
        responses: { 200: ok(item, "The item as restored"), ...pick(401, 403, 404, 409) },
      },
    },
  };
  if (segment !== "content") {
    paths[`${base}/restore/`] = {
      parameters: [{ ...itemParam, description: "the id the deleted item had" }],
      post: {
        security: staff,
        description:
          "Takes a deleted item out of the trash (30 days after DELETE) with its id, slug and files. 409 when its slug or category is taken or gone.",
        responses: { 201: ok(item, "The item, live again"), ...pick(401, 403, 404, 409) },
      },
    };
  }
  return paths;
}
const csrfOnly = [{ csrf: [] }];
const fileEntry = {
  oneOf: [
    { type: "object", required: ["name", "url"], properties: { name: str, url: str } },
    { type: "object", required: ["temp_name"], properties: { temp_name: str, display_name: str } },
  ],
};
/** A multipart body: the fields (required on create only: an update sends what changes) and its files. */
const multipart = (fields: { properties: Record<string, unknown>; required: string[] }, files: Record<string, unknown> = {}, required = false) => ({
  content: {
    "multipart/form-data": {
      schema: { type: "object", properties: { ...fields.properties, ...files }, ...(required && fields.required.length ? { required: fields.required } : {}) },
    },
  },
});
const jsonBody = (schema: unknown) => ({ content: { "application/json": { schema } } });

/**
 * A request body's fields as the domain's own zod schema accepts them (its input side: types, limits,
 * enums, defaults), so the document cannot drift from the validation. Files and JSON-encoded file
 * lists travel beside them in the multipart body.
 */
function fieldsOf(schema: z.ZodObject) {
  const { properties, required } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
    properties: Record<string, unknown>;
    required?: string[];
  };
  return { properties, required: required ?? [] };
}
const fileList = {
  type: "string",
  description:
    "JSON array of file entries, in the order shown: {url, name} (a current file) or {temp_name, display_name} (an upload); a track may add name_eng (absent keeps its English name)",
  contentMediaType: "application/json",
};
const binary = { type: "string", format: "binary" };
const PUBLICATION_PROPERTIES = {
  status: {
    enum: ["draft", "published"],
    description: "Staff only, and only while visitors cannot see the item (draft or scheduled); absent: published",
  },
  publish_at: { type: ["string", "null"], format: "date-time", description: "As status: the scheduled time (UTC), null for a draft without one" },
};

/** The properties of a described type on the wire (wire.server.ts builds them the same way). */
export function wireProperties(fields: ItemFields): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (field.kind === "bilingual") Object.assign(properties, { [name]: str, [englishName(name)]: str });
    else if (field.kind === "text") properties[name] = nullableStr;
    else if (field.kind === "date") properties[name] = { type: "string", format: "date" };
    else if (field.kind === "datetime")
      properties[name] = field.required ? { type: "string", format: "date-time" } : { type: ["string", "null"], format: "date-time" };
    else if (field.kind === "url") properties[name] = nullableStr;
    else if (field.kind === "number") properties[name] = { type: [field.decimals ? "number" : "integer", "null"] };
    else if (field.kind === "enum" && !field.fromRow) properties[name] = { enum: field.optional ? [...field.values, null] : [...field.values] };
    else if (field.kind === "choices") properties[name] = { type: "array", items: { enum: [...field.values] } };
    else if (field.kind === "document") {
      properties[`${name}_url`] = { ...nullableStr, description: "the copy visitors get, watermarked on every page; null: none" };
      properties[`${name}_pages`] = { type: ["integer", "null"] };
    } else if (field.kind === "category") properties[name] = ref("CategoryRef");
    else if (field.kind === "file") properties[name] = field.required ? str : nullableStr;
    else if (field.kind === "list") properties[name] = list(field.purpose === "track" ? "Track" : "File");
    else if (field.kind === "publication") Object.assign(properties, PUBLICATION_PROPERTIES);
  }
  return properties;
}

/** A described type's body: its text fields as its zod schema takes them, its files and file lists beside them. */
export function itemBody(fields: ItemFields, schema: z.ZodObject, required: boolean) {
  const files: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (field.kind === "file") files[name] = binary;
    else if (field.kind === "document") {
      files[name] = { description: "a PDF (multipart part), or the temp_name of an upload (PUT api/file/upload/); empty or null removes it", ...binary };
    } else if (field.kind === "list") files[name] = fileList;
  }
  return multipart(fieldsOf(schema), files, required);
}
const musicBody = (required: boolean) => itemBody(MUSIC_FIELDS, musicInputSchema, required);
const newsBody = (required: boolean) => itemBody(NEWS_FIELDS, newsInputSchema, required);
/** A concert's body: its fields, and `works` (the programme: a JSON list of {id, premiere}). */
const eventBody = (required: boolean) => {
  const body = itemBody(EVENT_FIELDS, eventInputSchema, required);
  const works = { type: "array", items: { type: "object", required: ["id"], properties: { id: int, premiere: { type: "boolean" } } } };
  const schema = body.content["multipart/form-data"].schema;
  return { content: { ...body.content, "application/json": { schema: { ...schema, properties: { ...schema.properties, works } } } } };
};

export function openApiDocument(origin: string) {
  return {
    openapi: "3.1.0",
    info: { title: "Composer site api/", version: "1.0.0", description: "See docs/api.md. Lists also send X-Total-Count." },
    servers: [{ url: origin }],
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: "staff_session" },
        csrf: { type: "apiKey", in: "header", name: "X-CSRFToken", description: "The value of the csrftoken cookie" },
      },
      schemas: {
        Error: { type: "object", required: ["error"], properties: { error: str, errors: { type: "object", additionalProperties: str } } },
        // One document per kind of content (SPEC.md 7), from the zod schema that checks PUT api/content/{name}/.
        ...Object.fromEntries(
          CONTENT_KINDS.map((kind) => [`Content_${kind}`, z.toJSONSchema(contentDocumentSchema(kind), { io: "input", unrepresentable: "any" })]),
        ),
        CategoryRef: { type: "object", properties: { id: int, name: str, name_eng: str } },
        Category: { type: "object", properties: { id: int, ...wireProperties(CATEGORY_FIELDS) } },
        File: { type: "object", properties: { name: str, url: str } },
        Track: {
          type: "object",
          description: "A track: its master (url, as uploaded) and what visitors play (issue 25).",
          properties: {
            name: str,
            name_eng: { type: "string", description: "The name on English pages; empty shows name (issue 25)" },
            url: str,
            stream_url: { type: "string", description: "The stream once state is ready, the master until then" },
            stream_type: str,
            peaks_url: { type: ["string", "null"], description: "Waveform peaks (audiowaveform JSON), null until ready" },
            duration: { type: ["number", "null"], description: "Seconds" },
            loudness_lufs: { type: ["number", "null"], description: "Integrated loudness (EBU R128), null until ready" },
            state: { enum: ["pending", "processing", "ready", "failed"] },
          },
        },
        Music: { type: "object", properties: { id: int, slug: str, ...wireProperties(MUSIC_FIELDS) } },
        News: { type: "object", properties: { id: int, slug: str, ...wireProperties(NEWS_FIELDS) } },
        // Issue 36: a concert, its programme in order.
        Event: {
          type: "object",
          properties: {
            id: int,
            slug: str,
            ...wireProperties(EVENT_FIELDS),
            works: { type: "array", items: { type: "object", properties: { id: int, slug: str, title: str, title_eng: str, premiere: { type: "boolean" } } } },
          },
        },
        Activity: {
          type: "object",
          properties: {
            id: int,
            date: { type: "string", format: "date-time" },
            description: str,
            user_data: { type: "object", properties: { username: str } },
          },
        },
        User: {
          type: "object",
          properties: {
            id: int,
            username: str,
            first_name: str,
            last_name: str,
            email: str,
            is_staff: { type: "boolean" },
            is_superuser: { type: "boolean" },
            groups: { type: "array", items: str },
          },
        },
        Upload: { type: "object", properties: { file_name: str, temp_name: str, display_name: str } },
        ...Object.fromEntries(
          [
            ["NewsRevision", ref("News")],
            ["MusicRevision", ref("Music")],
            ["EventRevision", ref("Event")],
            ["ContentRevision", { oneOf: CONTENT_KINDS.map((kind) => ref(`Content_${kind}`)) }],
          ].map(([name, item]) => [
            name,
            {
              type: "object",
              description: "Issue 24: one revision (a save or a restore) with the item as it was then.",
              properties: {
                id: int,
                date: { type: "string", format: "date-time" },
                action: { enum: ["create", "update", "restore", "baseline"] },
                restored_from: { type: ["integer", "null"] },
                user_data: { type: "object", properties: { username: str } },
                item,
              },
            },
          ]),
        ),
        FileEntry: fileEntry,
      },
    },
    paths: {
      "/api/music/": {
        get: { parameters: listParams, responses: { 200: ok(list("Music")) } },
        post: { security: staff, requestBody: musicBody(true), responses: { 201: ok(ref("Music"), "Created"), ...pick(400, 401, 403, 413, 415) } },
      },
      "/api/latest-musics/": { get: { responses: { 200: ok(list("Music")) } } },
      "/api/music-by-category/{category}/": {
        get: {
          parameters: [{ name: "category", in: "path", required: true, description: "category name, upper case", schema: str }],
          responses: { 200: ok(list("Music")) },
        },
      },
      "/api/music/{key}/": {
        parameters: [key],
        get: { responses: { 200: ok(ref("Music")), ...pick(404) } },
        patch: { security: staff, requestBody: musicBody(false), responses: { 200: ok(ref("Music")), ...pick(400, 401, 403, 404, 413, 415) } },
        delete: { security: staff, responses: { 204: { description: "Moved to the trash (restorable for 30 days)" }, ...pick(401, 403, 404) } },
      },
      "/api/music/{key}/preview-link/": previewLinkPath,
      "/api/news/{key}/preview-link/": previewLinkPath,
      "/api/news/": {
        get: { parameters: listParams, responses: { 200: ok(list("News")) } },
        post: { security: staff, requestBody: newsBody(true), responses: { 201: ok(ref("News"), "Created"), ...pick(400, 401, 403, 413, 415) } },
      },
      "/api/latest-news/": { get: { responses: { 200: ok(list("News")) } } },
      "/api/news/{key}/": {
        parameters: [key],
        get: { responses: { 200: ok(ref("News")), ...pick(404) } },
        patch: { security: staff, requestBody: newsBody(false), responses: { 200: ok(ref("News")), ...pick(400, 401, 403, 404, 413, 415) } },
        delete: { security: staff, responses: { 204: { description: "Moved to the trash (restorable for 30 days)" }, ...pick(401, 403, 404) } },
      },
      "/api/category/": {
        get: { parameters: [{ name: "type", in: "query", schema: str }, ...listParams], responses: { 200: ok(list("Category")), ...pick(400) } },
        post: {
          security: staff,
          requestBody: jsonBody({ type: "object", ...fieldsOf(categoryInputSchema) }),
          responses: { 201: ok(ref("Category"), "Created"), ...pick(400, 401, 403, 409, 415) },
        },
      },
      "/api/category/{id}/": {
        parameters: [id],
        get: { responses: { 200: ok(ref("Category")), ...pick(404) } },
        patch: { security: staff, requestBody: jsonBody(ref("Category")), responses: { 200: ok(ref("Category")), ...pick(400, 401, 403, 404, 409, 415) } },
        delete: { security: staff, responses: { 204: { description: "Moved to the trash (restorable for 30 days)" }, ...pick(401, 403, 404, 409) } },
      },
      "/api/category/{id}/restore/": {
        parameters: [{ ...id, description: "the id the deleted category had" }],
        post: {
          security: staff,
          description: "Takes a deleted category out of the trash (30 days after DELETE) with its id. 409 when its type has that name again.",
          responses: { 201: ok(ref("Category"), "The category, live again"), ...pick(401, 403, 404, 409) },
        },
      },
      "/api/content/{name}/": {
        parameters: [contentName],
        get: {
          security: [{ session: [] }],
          responses: { 200: ok({ oneOf: CONTENT_KINDS.map((kind) => ref(`Content_${kind}`)) }, "The list, as /data/{name}.json"), ...pick(401, 403, 404) },
        },
        put: {
          security: staff,
          description: "Replaces the whole list. 400 `errors` are keyed by field path, e.g. `bio.0.title_eng`.",
          requestBody: jsonBody({ oneOf: CONTENT_KINDS.map((kind) => ref(`Content_${kind}`)) }),
          responses: { 200: ok({ oneOf: CONTENT_KINDS.map((kind) => ref(`Content_${kind}`)) }, "The list saved"), ...pick(400, 401, 403, 404, 413, 415) },
        },
      },
      ...history("news", "News", key),
      ...history("events", "Event", key),
      "/api/events/{key}/preview-link/": previewLinkPath,
      "/api/events/": {
        get: { parameters: [...listParams, { name: "when", in: "query", schema: { enum: ["upcoming", "past"] } }], responses: { 200: ok(list("Event")) } },
        post: { security: staff, requestBody: eventBody(true), responses: { 201: ok(ref("Event"), "Created"), ...pick(400, 401, 403, 413, 415) } },
      },
      "/api/events/{key}/": {
        parameters: [key],
        get: { responses: { 200: ok(ref("Event")), ...pick(404) } },
        patch: { security: staff, requestBody: eventBody(false), responses: { 200: ok(ref("Event")), ...pick(400, 401, 403, 404, 413, 415) } },
        delete: { security: staff, responses: { 204: { description: "Moved to the trash" }, ...pick(401, 403, 404) } },
      },
      ...history("music", "Music", key),
      ...history("content", "Content", contentName),
      "/api/activities/": { get: { security: [{ session: [] }], parameters: listParams, responses: { 200: ok(list("Activity")), ...pick(401, 403) } } },
      "/api/latest-activities/": { get: { security: [{ session: [] }], responses: { 200: ok(list("Activity")), ...pick(401, 403) } } },
      "/api/userinfo/": { get: { responses: { 200: ok(list("User"), "The signed-in user first; [] for anonymous") } } },
      "/api/user/{id}/": { parameters: [id], get: { security: [{ session: [] }], responses: { 200: ok(ref("User")), ...pick(401, 403, 404) } } },
      "/api/login/": {
        post: {
          security: csrfOnly,
          requestBody: jsonBody({ type: "object", required: ["username", "password"], properties: { username: str, password: str } }),
          responses: { 200: ok(ref("User")), ...pick(400, 403, 415, 429) },
        },
      },
      "/api/logout/": { post: { security: csrfOnly, responses: { 200: ok({ type: "object", properties: { success: { type: "boolean" } } }), ...pick(403) } } },
      "/api/captcha-generator/": { get: { responses: { 200: ok({ type: "object", properties: { captcha_id: str, captcha_url: str } }) } } },
      "/api/send-email/": {
        post: {
          security: csrfOnly,
          requestBody: jsonBody({
            type: "object",
            required: ["name", "email", "description", "captcha_id", "captcha_value"],
            properties: {
              name: str,
              email: str,
              description: str,
              captcha_id: str,
              captcha_value: str,
              privacy: { type: "boolean" },
              lang: { enum: ["it", "en"] },
              website: str,
            },
          }),
          responses: { 200: ok({ type: "object", properties: { success: { type: "boolean" } } }), ...pick(400, 403, 415, 429) },
        },
      },
      // Issue 37: the newsletter (docs/api.md, "Newsletter")
      "/api/newsletter/subscribe/": {
        get: {
          description: "A proof-of-work challenge (ALTCHA) for the sign-up; 503 without SMTP_URL.",
          responses: { 200: ok({ type: "object" }), ...pick(429, 503) },
        },
        post: {
          security: csrfOnly,
          description: "202 whether or not the address was known; 503 without SMTP_URL.",
          requestBody: jsonBody({
            type: "object",
            required: ["email", "lang", "consent"],
            properties: { email: str, lang: { enum: ["it", "en"] }, consent: { type: "boolean" }, altcha: str, captcha_id: str, captcha_value: str },
          }),
          responses: { 202: ok({ type: "object", properties: { success: { type: "boolean" } } }, "Accepted"), ...pick(400, 403, 415, 429, 503) },
        },
      },
      "/api/newsletter/subscribers/": {
        get: { security: [{ session: [] }], parameters: listParams, responses: { 200: ok({ type: "array", items: { type: "object" } }), ...pick(401, 403) } },
      },
      "/api/newsletter/subscribers/{id}/": {
        parameters: [id],
        delete: { security: staff, responses: { 204: { description: "Erased, with its proof of consent" }, ...pick(401, 403, 404) } },
      },
      "/api/news/{key}/newsletter/": {
        parameters: [key],
        post: {
          security: staff,
          description: '{"test_to": "…"} sends a test in both languages; {"confirm": true} (+ "again": true when sent before) starts the send.',
          requestBody: jsonBody({ type: "object", properties: { test_to: str, confirm: { type: "boolean" }, again: { type: "boolean" } } }),
          responses: {
            200: ok({ type: "object" }, "Test sent"),
            202: ok({ type: "object", properties: { id: { type: "integer" } } }, "Send started"),
            ...pick(400, 401, 403, 404, 409),
          },
        },
      },
      "/api/newsletter/sends/{id}/": {
        parameters: [id],
        get: { security: [{ session: [] }], responses: { 200: ok({ type: "object" }), ...pick(401, 403, 404) } },
      },
      // Issue 38: the owner's statistics and the player's play reports (docs/api.md, "Statistics").
      "/api/stats/": {
        get: {
          security: [{ session: [] }],
          parameters: ["from", "to"].map((name) => ({
            name,
            in: "query",
            description: "A Rome day, YYYY-MM-DD (both included; default the last 30 days)",
            schema: { type: "string", format: "date" },
          })),
          responses: {
            200: ok({
              type: "object",
              properties: {
                from: str,
                to: str,
                days: { type: "array", items: { type: "object", properties: { date: str, views: int, visitors: int } } },
                pages: { type: "array", items: { type: "object", properties: { path: str, views: int, visitors: int } } },
                sources: { type: "array", items: { type: "object", properties: { source: str, views: int } } },
                languages: { type: "array", items: { type: "object", properties: { lang: str, views: int } } },
                devices: { type: "array", items: { type: "object", properties: { device: { enum: ["phone", "tablet", "computer"] }, views: int } } },
                plays: { type: "array", items: { type: "object", properties: { music_id: int, title: str, started: int, played_30s: int, completed: int } } },
              },
            }),
            ...pick(400, 401, 403),
          },
        },
      },
      "/api/stats/play/": {
        post: {
          description:
            "Sent by the site's player with navigator.sendBeacon; accepted only from the site's own pages (Sec-Fetch-Site or Origin), no CSRF token, no cookie set.",
          requestBody: jsonBody({
            type: "object",
            required: ["music_id", "track", "listened_seconds", "duration"],
            properties: {
              music_id: int,
              track: { ...int, description: "The track's id" },
              listened_seconds: { type: "number", minimum: 0 },
              duration: { type: "number", exclusiveMinimum: 0 },
            },
          }),
          responses: { 204: { description: "Counted" }, ...pick(400, 403, 413, 415, 429) },
        },
      },
      "/api/file/upload/": {
        put: {
          security: staff,
          parameters: [
            { name: "Content-Disposition", in: "header", description: "attachment; filename=<url-encoded name>", schema: str },
            { name: "kind", in: "query", schema: { enum: [...UPLOAD_PURPOSES] } },
          ],
          requestBody: multipart({ properties: { file: binary, kind: { enum: [...UPLOAD_PURPOSES] }, display_name: str }, required: ["file"] }, {}, true),
          responses: { 200: ok(ref("Upload")), ...pick(400, 401, 403, 413, 415) },
        },
      },
    },
  };
}
