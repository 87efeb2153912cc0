import { crc32, inflateSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { demoImagePng, demoImageSvg } from './img'

/** The chunks of a PNG file: type, data and whether the stored CRC matches. */
function chunks(png: Buffer): { type: string; data: Buffer; crcOk: boolean }[] {
  const out: { type: string; data: Buffer; crcOk: boolean }[] = []
  let at = 8
  while (at < png.length) {
    const length = png.readUInt32BE(at)
    const type = png.toString('ascii', at + 4, at + 8)
    const data = png.subarray(at + 8, at + 8 + length)
    const crcOk = png.readUInt32BE(at + 8 + length) === crc32(png.subarray(at + 4, at + 8 + length))
    out.push({ type, data, crcOk })
    at += 12 + length
  }
  return out
}

describe('demo images', () => {
  it('draws a 300×300 RGB PNG with valid chunks, deterministic per name', () => {
    const png = demoImagePng('bm-breakfast-1')
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const list = chunks(png)
    expect(list.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND'])
    expect(list.every((c) => c.crcOk)).toBe(true)
    const ihdr = list[0]?.data
    expect(ihdr?.readUInt32BE(0)).toBe(300)
    expect(ihdr?.readUInt32BE(4)).toBe(300)
    expect([ihdr?.[8], ihdr?.[9]]).toEqual([8, 2])
    const pixels = inflateSync(list[1]?.data ?? Buffer.alloc(0))
    expect(pixels.length).toBe((300 * 3 + 1) * 300)
    expect(demoImagePng('bm-breakfast-1').equals(png)).toBe(true)
    expect(demoImagePng('bm-lunch-2').equals(png)).toBe(false)
  })

  it('draws a PNG logo 200×100', () => {
    const ihdr = chunks(demoImagePng('logo-bigmenu'))[0]?.data
    expect([ihdr?.readUInt32BE(0), ihdr?.readUInt32BE(4)]).toEqual([200, 100])
  })

  it('keeps a photo small on the wire', () => {
    expect(demoImagePng('bm-breakfast-1').length).toBeLessThan(8000)
  })

  it('draws SVG logos 200×100 and other SVG images 300×300', () => {
    expect(demoImageSvg('logo-cafe')).toContain('width="200" height="100"')
    expect(demoImageSvg('cappuccino')).toContain('width="300" height="300"')
  })
})
