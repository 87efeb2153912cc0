import { createHash } from 'node:crypto'

const palette = ['#1f6f50', '#b3261e', '#0b4f8a', '#7a3e00', '#3b1f5c', '#8a1c1c', '#204a87', '#5c6f1f', '#a0522d', '#00695c']

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

/**
 * A generated square SVG for a demo image name (`cappuccino`, `logo-cafe`): a colour picked
 * by a hash of the name, a simple shape and up to two initials, so demo shops need no
 * network. Logos (`logo-*`) are 200×100, other images 300×300.
 */
export function demoImageSvg(name: string): string {
  const hash = createHash('sha1').update(name).digest()
  const colour = palette[(hash[0] ?? 0) % palette.length] ?? '#1f6f50'
  const words = name.replace(/^logo-/, '').split(/[-_\s]+/).filter(Boolean)
  const initials = escapeXml(words.slice(0, 2).map((w) => w[0]?.toUpperCase() ?? '').join('') || '?')
  if (name.startsWith('logo-')) {
    const label = escapeXml(words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join(' '))
    return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100" role="img" aria-label="${label}">
<rect width="200" height="100" rx="12" fill="${colour}"/>
<circle cx="50" cy="50" r="30" fill="#ffffff" fill-opacity="0.25"/>
<text x="50" y="60" font-family="sans-serif" font-size="28" font-weight="700" fill="#ffffff" text-anchor="middle">${initials}</text>
<text x="130" y="58" font-family="sans-serif" font-size="20" fill="#ffffff" text-anchor="middle">${label}</text>
</svg>`
  }
  const shape =
    (hash[1] ?? 0) % 2 === 0
      ? '<circle cx="150" cy="150" r="90" fill="#ffffff" fill-opacity="0.22"/>'
      : '<rect x="70" y="70" width="160" height="160" rx="24" fill="#ffffff" fill-opacity="0.22"/>'
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300" role="img" aria-label="${escapeXml(words.join(' '))}">
<rect width="300" height="300" fill="${colour}"/>
${shape}
<text x="150" y="172" font-family="sans-serif" font-size="64" font-weight="700" fill="#ffffff" text-anchor="middle">${initials}</text>
</svg>`
}
