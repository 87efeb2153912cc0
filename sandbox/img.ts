import { createHash } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'

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

/** Parses '#rrggbb' into [r, g, b]. */
function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

/** One PNG chunk: length, type, data and the CRC-32 of type + data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0)
  return Buffer.concat([head, data, crc])
}

const pngCache = new Map<string, Buffer>()

/**
 * A generated PNG for a demo product photo (`bm-breakfast-1`, 300×300) or logo (`logo-…`,
 * 200×100): the colour and shape of {@link demoImageSvg}'s picture, without the lettering.
 * The benchmark shop uses these because shops upload photos and logos as bitmaps, which a
 * browser decodes off the main thread, while every `<img>` of an SVG is a small document
 * parsed, laid out and painted on it, a cost a real menu does not have.
 * Deterministic; cached per name.
 */
export function demoImagePng(name: string): Buffer {
  const cached = pngCache.get(name)
  if (cached) return cached
  const logo = name.startsWith('logo-')
  const width = logo ? 200 : 300
  const height = logo ? 100 : 300
  const hash = createHash('sha1').update(name).digest()
  const [r, g, b] = rgb(palette[(hash[0] ?? 0) % palette.length] ?? '#1f6f50')
  const round = logo || (hash[1] ?? 0) % 2 === 0
  // A logo's mark sits left (as the SVG's circle), a photo's subject in the middle.
  const [cx, cy, radius] = logo ? [50, 50, 30] : [150, 150, 90]
  // Filter byte 0 (None) before each row of RGB pixels.
  const raw = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1)
    for (let x = 0; x < width; x++) {
      const dx = x - cx
      const dy = y - cy
      const inside = round ? dx * dx + dy * dy <= radius * radius : Math.abs(dx) <= 80 && Math.abs(dy) <= 80
      // The shape is 22 % white over the colour, as the SVG's; a soft vignette around it.
      const light = inside ? 0.22 : Math.max(0, 0.08 - Math.hypot(dx, dy) / 2500)
      const at = row + 1 + x * 3
      raw[at] = Math.round(r + (255 - r) * light)
      raw[at + 1] = Math.round(g + (255 - g) * light)
      raw[at + 2] = Math.round(b + (255 - b) * light)
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: RGB
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
  pngCache.set(name, png)
  return png
}
