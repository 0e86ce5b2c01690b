import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../env'
import { allowOrigin, checkPartnerOrigin, preflightAnswer } from './cors'
import { checkCsrf } from './csrf'
import { renderError } from './errors'
import { setParticipant } from './participant-auth'
import { setRequestProgram } from './program'

/**
 * The participant API's chain as ONE middleware, in this order: CORS preflight, the program (404),
 * the partner origin (403), the signed-in participant, CSRF. The same steps as corsPreflight,
 * requireProgram, partnerOrigin, loadParticipant and csrfProtection one after the other, without the
 * four extra layers of Hono's compose each request would go through (an async frame, a promise and a
 * dispatch each: a tenth of a signed-in read, bench/api.ts).
 */
export const participantApi = createMiddleware<AppEnv>(async (c, next) => {
  const preflight = await preflightAnswer(c)
  if (preflight) return preflight
  await setRequestProgram(c)
  const origin = await checkPartnerOrigin(c)
  try {
    await setParticipant(c)
    await checkCsrf(c)
  } catch (err) {
    if (!origin) throw err
    // An allowed partner page reads the error (as it did when these checks were layers inside the
    // partner-origin one): rendered here so that its CORS headers can be added.
    c.res = renderError(err, c)
    allowOrigin(c, origin)
    return
  }
  await next()
  if (origin) allowOrigin(c, origin)
})

/** The participant site's pages: the program, the participant and CSRF (no cross-origin calls). */
export const participantSite = createMiddleware<AppEnv>(async (c, next) => {
  await setRequestProgram(c)
  await setParticipant(c)
  await checkCsrf(c)
  await next()
})
