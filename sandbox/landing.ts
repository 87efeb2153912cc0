import type { Env, Hono } from 'hono'
import { demoShopIds, demoShops } from './fixtures'

/** Where the demo landing lives: the sandbox's own page, never part of the built app (SPEC §2: `/` is not-found). */
const LANDING_PATH = '/sandbox'

function escapeHtml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

/**
 * The demo landing page: every demo shop linked by id and title, and a field that opens a
 * shop by its id (plain HTML and a GET form, so it works without script under any CSP).
 */
function landingPage(): string {
  const shops = demoShopIds
    .map((id) => {
      const title = demoShops[id]?.response.shop?.title ?? id
      return `<li><a href="/${encodeURIComponent(id)}">/${escapeHtml(id)}</a> ${escapeHtml(title)}</li>`
    })
    .join('\n    ')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo shops (sandbox)</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 640px; margin: 32px auto; padding: 0 16px; color: #1a1a1a; }
  li { margin: 6px 0; }
  form { margin-top: 24px; display: flex; gap: 8px; align-items: end; flex-wrap: wrap; }
  label { display: flex; flex-direction: column; gap: 4px; }
  input, button { font: inherit; padding: 8px 12px; }
</style>
</head>
<body>
<main>
  <h1>Demo shops (sandbox)</h1>
  <p>The storefront's demo shops on this sandbox platform (sandbox/README.md).</p>
  <ul>
    ${shops}
  </ul>
  <form method="get" action="${LANDING_PATH}/open">
    <label>Shop id <input name="shop" autocomplete="off" required></label>
    <button type="submit">Open shop</button>
  </form>
</main>
</body>
</html>`
}

/**
 * Mounts the demo landing on the sandbox: `GET /sandbox` (and `/sandbox/`) answers
 * {@link landingPage}; `GET /sandbox/open?shop=` redirects (303) to `/{shop}` with the trimmed id
 * URL-encoded as one path segment, or back to the landing when it is empty.
 */
export function mountLandingRoutes<E extends Env>(app: Hono<E>): void {
  app.get(LANDING_PATH, (c) => c.html(landingPage()))
  app.get(`${LANDING_PATH}/`, (c) => c.html(landingPage()))
  app.get(`${LANDING_PATH}/open`, (c) => {
    const shop = (c.req.query('shop') ?? '').trim()
    return c.redirect(shop === '' ? LANDING_PATH : `/${encodeURIComponent(shop)}`, 303)
  })
}
