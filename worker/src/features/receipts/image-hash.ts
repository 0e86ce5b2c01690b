import decodeJpeg, { init as initJpeg } from '@jsquash/jpeg/decode.js'
import { decode as decodePng, init as initPng } from '@jsquash/png/decode.js'
import { bmvbhash } from 'blockhash-core'

/**
 * Near-duplicate receipt images: a perceptual hash (blockhash, 16x16 = 256 bits) of the decoded image,
 * computed in the background task, never on the request path. The decoders are the @jsquash wasm
 * codecs (mozjpeg and the squoosh PNG codec), which run under Node and on Workers alike; only how the
 * wasm module is obtained differs: under Node it is compiled from the package's file, on Workers (where
 * compiling wasm from bytes at run time is not allowed) the Workers entry hands in the modules wrangler
 * bundled, through provideImageDecoders (docs/decisions/0027).
 */
export type DecoderModules = { jpeg: WebAssembly.Module; png: WebAssembly.Module }

/** Hashes closer than this many differing bits (of 256) are the same picture. */
export const NEAR_DUPLICATE_BITS = 16
export const HASH_BITS = 16

let provider: (() => Promise<DecoderModules>) | undefined
let ready: Promise<boolean> | undefined

/** The Workers entry passes the statically imported wasm modules here. */
export function provideImageDecoders(load: () => Promise<DecoderModules>): void {
  provider = load
  ready = undefined
}

const onWorkers = () => typeof navigator !== 'undefined' && navigator.userAgent === 'Cloudflare-Workers'

async function nodeModules(): Promise<DecoderModules> {
  const [{ readFile }, { createRequire }] = await Promise.all([import('node:fs/promises'), import('node:module')])
  const require = createRequire(import.meta.url)
  const compile = async (id: string) => WebAssembly.compile(await readFile(require.resolve(id)))
  const [jpeg, png] = await Promise.all([compile('@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm'), compile('@jsquash/png/codec/pkg/squoosh_png_bg.wasm')])
  return { jpeg, png }
}

/** Loads the codecs once; false when no wasm is available here (then no image hash is computed). */
function decodersReady(): Promise<boolean> {
  ready ??= (async () => {
    const load = provider ?? (onWorkers() ? undefined : nodeModules)
    if (!load) return false
    const modules = await load()
    await initJpeg(modules.jpeg)
    await initPng(modules.png)
    return true
  })().catch(() => false)
  return ready
}

/** The perceptual hash (64 hex digits) of a JPEG or PNG, or null for other types or an undecodable file. */
export async function imageHash(bytes: Uint8Array, contentType: string): Promise<string | null> {
  if (contentType !== 'image/jpeg' && contentType !== 'image/png') return null
  if (!(await decodersReady())) return null
  try {
    const buffer = bytes.slice().buffer as ArrayBuffer
    const image = contentType === 'image/jpeg' ? await decodeJpeg(buffer) : await decodePng(buffer)
    return bmvbhash({ width: image.width, height: image.height, data: image.data }, HASH_BITS)
  } catch {
    return null
  }
}

/** Differing bits of two hex hashes of the same length (Infinity when they cannot be compared). */
export function hammingDistance(a: string, b: string): number {
  if (a.length !== b.length) return Number.POSITIVE_INFINITY
  let bits = 0
  for (let i = 0; i < a.length; i++) {
    let x = Number.parseInt(a[i]!, 16) ^ Number.parseInt(b[i]!, 16)
    while (x) {
      bits += x & 1
      x >>= 1
    }
  }
  return bits
}
