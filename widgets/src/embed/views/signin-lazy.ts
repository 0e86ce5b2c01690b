import { lazyView } from '../lazy-view'

/**
 * The inline sign-in form, fetched when an element first shows it: a signed-in visitor never downloads
 * the sign-in code (its state machine, the bot check), and the elements share the one chunk.
 */
export const InlineSignin = lazyView(() => import('./inline-signin').then((m) => m.InlineSignin))
