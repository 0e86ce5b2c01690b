import { pageLoader } from './lazy-page'

/** The challenge page and its type panels (forms, player, social viewer) load on first visit. */
export const challengePage = pageLoader(() =>
  import('./challenge/challenge-page').then((m) => m.ChallengePage),
)

/** A sweepstake's public draw fairness page (/sweepstakes/{id}/fairness). */
export const fairnessPage = pageLoader(() => import('./pages/fairness-page').then((m) => m.FairnessPage))
