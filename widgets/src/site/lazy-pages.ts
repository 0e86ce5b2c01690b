import { pageLoader } from './lazy-page'

/**
 * A participant's home (/): the dashboard's sections, its offers banner and their styles, which a
 * visitor's home page does not need (issue 29). A signed-in page preloads it (page-preloads.ts).
 */
export const participantHomePage = pageLoader(() => import('./home/participant-home').then((m) => m.ParticipantHome))

/** The challenge page and its type panels (forms, player, social viewer) load on first visit. */
export const challengePage = pageLoader(() =>
  import('./challenge/challenge-page').then((m) => m.ChallengePage),
)

/** A sweepstake's public draw fairness page (/sweepstakes/{id}/fairness). */
export const fairnessPage = pageLoader(() => import('./pages/fairness-page').then((m) => m.FairnessPage))

/**
 * The participant's account (/my-account): its activity table, claimed rewards and e-mail settings are
 * a tenth of the site's script, which a visitor's home page does not need (issue 29).
 */
export const myAccountPage = pageLoader(() => import('./pages/my-account').then((m) => m.MyAccountPage))

/** A program's content page (/privacy, /rules...): the rich text it shows loads with it. */
export const programPage = pageLoader(() => import('./pages/program-page').then((m) => m.ProgramPage))

/** The participant's photos (/photos). */
export const photosPage = pageLoader(() => import('./pages/photos-page').then((m) => m.PhotosPage))
