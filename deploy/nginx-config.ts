/**
 * The nginx site config for a build: `deploy/nginx.conf` with every `add_header` line of the security headers set
 * to what `deploy/security-headers.ts` gives for that build's `VITE_*` variables and its
 * index.html's boot script, so a build with a Stripe, Firebase or Sentry key is served with
 * exactly the origins it calls and nobody edits a policy by hand.
 *
 *   npm run build && node --import tsx deploy/nginx-config.ts [--mode production] [--dist dist] [--out site.conf]
 *
 * Run it with the environment (and `.env` files) of the build; without `--out` it prints the
 * config. The file in the repository is this output for a build with no keys.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { inlineScriptHashes, securityConfigForBuild, securityHeaders, type SecurityConfig } from './security-headers'

/** The site config this generator starts from. */
export const NGINX_TEMPLATE = fileURLToPath(new URL('./nginx.conf', import.meta.url))

/**
 * `template` with the value of every `add_header <Name> "…" always;` line whose name is in
 * `headers` replaced by that header's value (each location repeats them: nginx drops the
 * server's headers in a location that adds its own).
 * @throws Error when a header of `headers` has no line in `template`, or a value holds a
 *   backslash, a line break or a `$` (nginx would read them); a `"` is escaped.
 */
export function nginxConfig(template: string, headers: Record<string, string>): string {
  let text = template
  for (const [name, value] of Object.entries(headers)) {
    if (/[\\\n$]/.test(value)) throw new Error(`nginx-config: the value of ${name} holds a character nginx would read`)
    const line = new RegExp(`(add_header ${name} )"(?:[^"\\\\\\n]|\\\\.)*"( always;)`, 'g')
    if (!line.test(text)) throw new Error(`nginx-config: no add_header ${name} line in the template`)
    // Inside nginx's double quotes a double quote is written \" (Permissions-Policy's origins).
    text = text.replace(line, (_, start: string, end: string) => `${start}"${value.replace(/"/g, '\\"')}"${end}`)
  }
  return text
}

/** The site config for the build in `distDir` made with `config`'s services (see {@link nginxConfig}). */
export function nginxConfigForBuild(distDir: string, config: SecurityConfig, template = readFileSync(NGINX_TEMPLATE, 'utf8')): string {
  const scriptHashes = inlineScriptHashes(readFileSync(join(distDir, 'index.html'), 'utf8'))
  return nginxConfig(template, securityHeaders({ ...config, scriptHashes }))
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { mode: { type: 'string', default: 'production' }, dist: { type: 'string', default: 'dist' }, out: { type: 'string' } } })
  const text = nginxConfigForBuild(resolve(values.dist), securityConfigForBuild({ mode: values.mode }))
  if (values.out) writeFileSync(values.out, text)
  else process.stdout.write(text)
}
