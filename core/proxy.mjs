// What a proxy in front of the site got wrong, told from the origin the browser is at and the origin
// the app makes of the request it receives. One home for the server's edge (a refused form post names
// the setting, app/server/http/express.server.ts) and for `npm run doctor`, which asks the running site
// through PUBLIC_ORIGIN what arrives (its /healthz `seen.origin`).

/**
 * What a proxy in front got wrong, when a browser's own page posts to us and yet its `Origin` is not
 * the origin this server makes of the request (`req.protocol` + `Host`): React Router refuses such an
 * action with a bare "Bad Request", and staff cannot sign in. The browser is right about where it is,
 * so the difference names the setting: the scheme (TRUST_PROXY off, or no X-Forwarded-Proto) or the
 * Host the proxy passes on (nginx's `$host` drops the port). Null when they agree.
 */
/** @param {URL} origin @param {URL} requestOrigin @param {boolean} trustProxy */
export function proxyMismatch(origin, requestOrigin, trustProxy) {
  /** @type {{ setting: string; it: string; en: string }[]} */
  const fixes = [];
  if (origin.protocol !== requestOrigin.protocol) {
    const scheme = origin.protocol.replace(":", "");
    fixes.push(
      trustProxy
        ? {
            setting: "X-Forwarded-Proto",
            it: `il proxy non dice che il browser usa ${scheme}: fagli inviare l'intestazione X-Forwarded-Proto (nginx: proxy_set_header X-Forwarded-Proto $scheme;)`,
            en: `the proxy does not say the browser uses ${scheme}: make it send the X-Forwarded-Proto header (nginx: proxy_set_header X-Forwarded-Proto $scheme;)`,
          }
        : {
            setting: "TRUST_PROXY",
            it: `il sito è dietro un proxy di cui le impostazioni non si fidano: imposta TRUST_PROXY=1 (un proxy davanti al sito) e riavvia`,
            en: `the site is behind a proxy its settings do not trust: set TRUST_PROXY=1 (one proxy in front of the site) and restart`,
          },
    );
  }
  if (origin.host !== requestOrigin.host) {
    const portDropped = origin.hostname === requestOrigin.hostname;
    fixes.push({
      setting: "proxy Host header",
      it: `il browser è su ${origin.host} ma il proxy passa Host: ${requestOrigin.host}${portDropped ? " (senza la porta)" : ""}: passa l'Host del browser (nginx: proxy_set_header Host $http_host;)`,
      en: `the browser is at ${origin.host} but the proxy passes Host: ${requestOrigin.host}${portDropped ? " (without the port)" : ""}: pass the browser's Host on (nginx: proxy_set_header Host $http_host;)`,
    });
  }
  if (fixes.length === 0) return null;
  return {
    setting: fixes.map((f) => f.setting).join(" and "),
    messages: {
      it: `Richiesta rifiutata per un'impostazione del proxy: ${fixes.map((f) => f.it).join("; ")}.`,
      en: `Request refused because of a proxy setting: ${fixes.map((f) => f.en).join("; ")}.`,
    },
  };
}
