import type { R2Bucket } from '@cloudflare/workers-types'

/**
 * Where uploaded files live: R2 on Workers (the `FILES` binding, wrangler.toml), a local directory
 * under Node. Keys are chosen by the server (features/media: random names), never by a client, and
 * every adapter refuses a key that is not a plain relative path of safe segments, so no key can step
 * outside its bucket or directory (docs/decisions/0020).
 */
export type StoredObject = {
  body: ReadableStream<Uint8Array>
  contentType: string
  /** The whole object's size (the body holds only the range when one was asked for). */
  size: number
}

/** Bytes `offset` to `offset + length - 1` of an object (an HTTP Range, already checked against its size). */
export type ByteRange = { offset: number; length: number }

export type FileStorage = {
  /** Stores `body` under `key` with its content type (replacing any object with that key). */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>
  /** The object (or only `range` of it), or null when there is none. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>
  /** Its content type and size without the body, or null. */
  head(key: string): Promise<{ contentType: string; size: number } | null>
  /** Removes the object (no error when there is none). */
  delete(key: string): Promise<void>
}

/** Segments of letters, digits, `_`, `-` and dots (never `.` or `..` alone), joined by `/`; at most 512 characters. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/

export function isValidStorageKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > 512) return false
  return key.split('/').every((s) => SEGMENT.test(s) && s !== '.' && s !== '..' && !s.includes('..'))
}

function checkKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key).slice(0, 80)}`)
}

const OCTET = 'application/octet-stream'

/** R2 through the Workers binding. */
export function createR2Storage(bucket: R2Bucket): FileStorage {
  return {
    async put(key, body, contentType) {
      checkKey(key)
      await bucket.put(key, body, { httpMetadata: { contentType } })
    },
    async get(key, range) {
      checkKey(key)
      const object = await bucket.get(key, range ? { range } : undefined)
      if (!object) return null
      return { body: object.body as unknown as ReadableStream<Uint8Array>, contentType: object.httpMetadata?.contentType ?? OCTET, size: object.size }
    },
    async head(key) {
      checkKey(key)
      const object = await bucket.head(key)
      return object ? { contentType: object.httpMetadata?.contentType ?? OCTET, size: object.size } : null
    },
    async delete(key) {
      checkKey(key)
      await bucket.delete(key)
    },
  }
}

/**
 * A directory on the local disk (Node entry, tests). Each object is its file plus a `.meta.json`
 * sidecar holding its content type; the file is written to a temporary name and renamed, so a reader
 * never sees half a file.
 */
export function createLocalStorage(directory: string): FileStorage {
  // node:fs and node:path are loaded on first use: this module is also bundled for Workers.
  const load = async () => {
    const [fs, path] = await Promise.all([import('node:fs/promises'), import('node:path')])
    const root = path.resolve(directory)
    const fileOf = (key: string) => {
      checkKey(key)
      const file = path.resolve(root, key)
      if (!file.startsWith(`${root}${path.sep}`)) throw new Error('Invalid storage key')
      return file
    }
    return { fs, path, fileOf }
  }
  let loaded: ReturnType<typeof load> | undefined
  const env = () => (loaded ??= load())
  const readMeta = async (fs: typeof import('node:fs/promises'), file: string) => {
    try {
      return (JSON.parse(await fs.readFile(`${file}.meta.json`, 'utf8')) as { contentType?: string }).contentType ?? OCTET
    } catch {
      return OCTET
    }
  }
  const missing = (err: unknown) => (err as { code?: string }).code === 'ENOENT'

  return {
    async put(key, body, contentType) {
      const { fs, path, fileOf } = await env()
      const file = fileOf(key)
      await fs.mkdir(path.dirname(file), { recursive: true })
      const tmp = `${file}.${crypto.randomUUID()}.tmp`
      await fs.writeFile(`${file}.meta.json`, JSON.stringify({ contentType }))
      await fs.writeFile(tmp, body)
      await fs.rename(tmp, file)
    },
    async get(key, range) {
      const { fs, fileOf } = await env()
      const file = fileOf(key)
      let data: Uint8Array
      let size: number
      try {
        if (range) {
          const handle = await fs.open(file, 'r')
          try {
            size = (await handle.stat()).size
            data = new Uint8Array(Math.max(0, Math.min(range.length, size - range.offset)))
            await handle.read(data, 0, data.length, range.offset)
          } finally {
            await handle.close()
          }
        } else {
          data = new Uint8Array(await fs.readFile(file))
          size = data.byteLength
        }
      } catch (err) {
        if (missing(err)) return null
        throw err
      }
      const contentType = await readMeta(fs, file)
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(data)
          controller.close()
        },
      })
      return { body, contentType, size }
    },
    async head(key) {
      const { fs, fileOf } = await env()
      const file = fileOf(key)
      try {
        const stat = await fs.stat(file)
        return { contentType: await readMeta(fs, file), size: stat.size }
      } catch (err) {
        if (missing(err)) return null
        throw err
      }
    },
    async delete(key) {
      const { fs, fileOf } = await env()
      const file = fileOf(key)
      await fs.rm(file, { force: true })
      await fs.rm(`${file}.meta.json`, { force: true })
    },
  }
}
