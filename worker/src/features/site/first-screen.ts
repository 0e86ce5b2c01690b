import { ARROW_RIGHT_PATH, EXTERNAL_PATH, MENU_PATH } from '../../../../sdk/contract/icon-paths-more'
import { SPARK_PATH } from '../../../../sdk/contract/icon-paths'
import { formatNumber } from '../../../../sdk/contract/number-format'
import type { PublicProgram } from '../../../../sdk/contract/program'
import { escapeHtml as e } from '../../lib/html'

/** A stroke icon as widgets/src/ui/icon.tsx draws it. */
const svg = (path: string, size: number, cls?: string) =>
  `<svg${cls ? ` class="${cls}"` : ''} width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="${path}"></path></svg>`

/** `background-image: url("...")`, as the site's style objects write it, for an attribute. */
const backgroundImage = (url: string | null) => (url ? ` style="${e(`background-image: url(${JSON.stringify(url)});`)}"` : '')

/** The site header a visitor sees (widgets/src/site/layout/header.tsx, signed out). */
function header(program: PublicProgram, signInLink: boolean): string {
  const logo = program.program_template_detail.header_logo
  const items = program.navigation_menus.filter((item) => item.show_on_logout)
  const brand = logo ? `<img src="${e(logo)}" alt="" class="site-header__logo" height="36">` : `<span class="site-header__name">${e(program.name)}</span>`
  const nav = items.length
    ? `<nav class="site-nav" aria-label="Main">${items
        .map((item) =>
          item.show_in_tab
            ? `<a class="site-nav__link" href="${e(item.navigation_url)}" target="_blank" rel="noopener noreferrer">${e(item.name)}${svg(EXTERNAL_PATH, 14, 'menu-link__external')}<span class="visually-hidden"> (opens in a new tab)</span></a>`
            : `<a class="site-nav__link" href="${e(item.navigation_url)}">${e(item.name)}</a>`,
        )
        .join('')}</nav>`
    : ''
  const signIn = signInLink ? `<a href="/signin" class="btn btn--primary btn--sm site-header__signin">Sign In</a>` : ''
  const menu = items.length ? `<button type="button" class="icon-btn site-header__menu" aria-label="Open menu" title="Open menu" aria-haspopup="dialog" aria-expanded="false">${svg(MENU_PATH, 22)}</button>` : ''
  return `<header class="site-header"><div class="container site-header__inner"><a href="/" class="site-header__brand" aria-label="${e(`${program.name} home`)}">${brand}</a>${nav}<div class="site-header__actions">${signIn}${menu}</div></div></header>`
}

/** The carousel's slides as widgets/src/site/home/hero.tsx's SlideCard draws them. */
export type FirstScreenSlide = { title: string; description: string | null; link: string | null; button_text: string | null; image: string | null }

/**
 * A slide card (hero.tsx SlideCard); stacked in one cell (home.css .slides-stack), so their place is the
 * carousel's: as tall as its tallest slide, with its row of controls below.
 */
const slideCard = (slide: FirstScreenSlide, first: boolean) =>
  `<div class="slide-card"${first ? '' : ' aria-hidden="true" inert'}><div class="slide-card__media">${
    // Only the first slide's image: the others are hidden under it, and the carousel fetches each one
    // shortly before it shows (ui/carousel.tsx), so a visitor who never sees them downloads none.
    slide.image && first ? `<img src="${e(slide.image)}" alt="" class="slide-card__image" decoding="async">` : '<span class="slide-card__image slide-card__image--empty"></span>'
  }</div><div class="slide-card__body"><h2 class="slide-card__title">${e(slide.title)}</h2>${slide.description ? `<p class="slide-card__text">${e(slide.description)}</p>` : ''}${
    slide.link && slide.button_text ? `<a href="${e(slide.link)}" class="btn btn--primary btn--sm slide-card__cta">${e(slide.button_text)}</a>` : ''
  }</div></div>`

/** A visitor's home hero (widgets/src/site/home/home-page.tsx VisitorHome and hero.tsx), its slides in the carousel's place. */
function visitorHero(program: PublicProgram, slides: readonly FirstScreenSlide[]): string {
  const detail = program.program_template_detail
  const points = program.term_points_as || 'points'
  const bonus = program.signup_challenge?.points
  const eyebrow = bonus !== undefined ? `<p class="hero__eyebrow">${svg(SPARK_PATH, 16)}Join free and get +${e(formatNumber(bonus))} ${e(points)}</p>` : ''
  const description = detail.header_description ? `<p class="hero__description">${e(detail.header_description)}</p>` : ''
  const carousel = slides.length
    ? `<div class="slides-loading"><div class="slides-stack">${slides.map((slide, i) => slideCard(slide, i === 0)).join('')}</div>${slides.length > 1 ? '<div class="slides-loading__controls"></div>' : ''}</div>`
    : ''
  return (
    `<section class="hero hero--home" aria-labelledby="page-title"${backgroundImage(detail.header_background_image)}>` +
    `<div class="container hero__inner${slides.length ? ' hero__inner--split' : ''}"><div class="hero__text">${eyebrow}` +
    `<h1 id="page-title" class="hero__title">${e(detail.header_text || `Welcome to ${program.name}`)}</h1>${description}` +
    `<div class="hero__actions"><a href="/signin" class="btn btn--secondary btn--lg">Get Started${svg(ARROW_RIGHT_PATH, 18)}</a></div></div>${carousel}</div></section>`
  )
}

export type FirstScreen = { screen: 'home'; slides: readonly FirstScreenSlide[] } | { screen: 'signin' }

/**
 * The first screen of a site page for a visitor, as the site's script draws it, written into the page
 * (`#app`): the browser paints the header and the hero (or the sign-in page's backdrop) before the
 * script has loaded, so the largest paint does not wait on it (issue 29). The script's first render takes
 * these elements over (widgets/src/site/main.tsx), so it must draw them box for box
 * (e2e/participant-copy.test.ts compares them at 390 and 1280 px).
 * The sign-in screen is also what a visitor of a participant's screen sees first.
 */
export function firstScreenHtml(program: PublicProgram, first: FirstScreen): string {
  const main =
    first.screen === 'home'
      ? visitorHero(program, first.slides)
      : `<div class="signin-page"><div class="signin-page__backdrop" aria-hidden="true"${backgroundImage(program.program_template_detail.header_background_image)}></div></div>`
  return `<div class="site"><a class="skip-link" href="#main">Skip to content</a>${header(program, first.screen === 'home')}<main id="main" tabindex="-1" class="site-main">${main}</main></div>`
}
