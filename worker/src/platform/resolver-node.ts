import { lookup } from 'node:dns/promises'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { Readable } from 'node:stream'
import { RefusedAddressError, type HostResolver } from './resolver'

/** The Node entry's resolver: the system's (getaddrinfo through node:dns), every address of the name. */
export function nodeResolver(): HostResolver {
  return {
    async lookup(hostname) {
      const found = await lookup(hostname, { all: true, verbatim: true })
      return found.map((a) => a.address)
    },
  }
}

/** Statuses whose answers have no body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304])

/**
 * A `fetch` whose connections go only to addresses `allow` accepts: the name is resolved once, by the
 * socket's own connect-time `lookup`, and refused when any of its addresses is not allowed, so the
 * address connected to is the one checked (no DNS rebinding between a check and the connection). IP
 * literals are checked before connecting. node:http(s) underneath (no dependency): one connection per
 * request, redirects never followed (the 3xx is the answer), `signal` aborts. Enough for webhooks, not
 * a general fetch (no streaming request bodies, no cookies, no cache).
 */
export function pinnedFetch(opts: { allow: (address: string) => boolean; resolver?: HostResolver }): typeof fetch {
  const resolver = opts.resolver ?? nodeResolver()
  const pinnedLookup: LookupFunction = (hostname, options, callback) => {
    resolver.lookup(hostname).then(
      (addresses) => {
        const refused = addresses.find((a) => !opts.allow(a))
        if (refused !== undefined) return callback(new RefusedAddressError(hostname, refused), '', 4)
        if (!addresses.length) return callback(new Error(`${hostname} does not resolve`), '', 4)
        const wanted = addresses.map((address) => ({ address, family: isIP(address) })).filter((a) => !options.family || a.family === options.family)
        if (!wanted.length) return callback(new Error(`${hostname} has no IPv${options.family} address`), '', 4)
        if (options.all) return (callback as unknown as (err: null, all: typeof wanted) => void)(null, wanted)
        callback(null, wanted[0]!.address, wanted[0]!.family)
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 4),
    )
  }
  return async (input, init) => {
    const req = new Request(input, init)
    const url = new URL(req.url)
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`Unsupported protocol ${url.protocol}`)
    const host = url.hostname.replace(/^\[|\]$/g, '')
    if (isIP(host) && !opts.allow(host)) throw new RefusedAddressError(host, host)
    const body = req.body ? Buffer.from(await req.arrayBuffer()) : null
    const headers: Record<string, string> = {}
    req.headers.forEach((value, name) => (headers[name] = value))
    if (body) headers['content-length'] = String(body.byteLength)
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest
    return new Promise<Response>((resolve, reject) => {
      const outgoing = send(url, { method: req.method, headers, agent: false, lookup: pinnedLookup, signal: init?.signal ?? undefined }, (res: IncomingMessage) => {
        const status = res.statusCode ?? 0
        if (status < 200 || status > 599) {
          res.destroy()
          return reject(new Error(`Answered an invalid status ${status}`))
        }
        const answerHeaders = new Headers()
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) answerHeaders.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!)
        if (NULL_BODY.has(status)) res.resume()
        const stream = NULL_BODY.has(status) ? null : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>)
        resolve(new Response(stream, { status, statusText: res.statusMessage ?? '', headers: answerHeaders }))
      })
      outgoing.on('error', reject)
      outgoing.end(body ?? undefined)
    })
  }
}
