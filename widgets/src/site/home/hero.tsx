import type { ComponentChildren } from 'preact'
import { visitorHomeRoutes } from '../../../../sdk/contract/paths'
import type { CarouselSlide, ListResponse } from '../../../../sdk/src/resources/home'
import { buttonClass } from '../../ui/button'
import { Carousel } from '../../ui/carousel'
import { HOME_CAROUSEL_INTERVAL_MS } from '../../ui/carousel-state'
import { Img } from '../../ui/img'
import { Skeleton } from '../../ui/skeleton'
import { useSite } from '../../widgets/shared/context'
import { useLoad } from '../../widgets/shared/use-load'
import { takePrimed } from '../primed'

/** The home hero: the program's words on the left, the carousel of slides on the right. */
export function Hero({ children, welcome }: { children: ComponentChildren; welcome?: boolean }) {
  const { program, client } = useSite()
  const [slides] = useLoad(
    () => client.home.carousel().then((r) => r.data),
    'carousel',
    takePrimed<ListResponse<CarouselSlide>>(visitorHomeRoutes.carousel)?.data,
  )
  const image = program.program_template_detail.header_background_image
  const hasSlides = slides.status !== 'ready' || slides.data.length > 0
  return (
    <section
      class={['hero', 'hero--home', welcome && 'hero--welcome'].filter(Boolean).join(' ')}
      style={image ? { backgroundImage: `url(${JSON.stringify(image)})` } : undefined}
      aria-labelledby="page-title"
    >
      <div class={['container', 'hero__inner', hasSlides && 'hero__inner--split'].filter(Boolean).join(' ')}>
        <div class="hero__text">{children}</div>
        {slides.status === 'loading' && (
          // The carousel's own boxes (a 2:1 image, title, text and button, then the controls' row), so
          // the slides replace it without moving what is below (a CLS of 0.02 on a phone before).
          <div class="slides-loading" aria-hidden="true">
            <div class="slide-card slide-card--loading">
              <div class="slide-card__media">
                <Skeleton width="100%" height="100%" />
              </div>
              <div class="slide-card__body">
                <Skeleton width="70%" height={26} />
                <Skeleton width="90%" height={20} />
                <Skeleton width={128} height={36} class="slide-card__cta" />
              </div>
            </div>
            <div class="slides-loading__controls" />
          </div>
        )}
        {slides.status === 'ready' && slides.data.length > 0 && (
          <Carousel
            class="hero__carousel"
            label="Highlights"
            items={slides.data}
            interval={HOME_CAROUSEL_INTERVAL_MS}
            loop
            itemKey={(s) => s.id}
            renderItem={(slide, i, _active, load) => <SlideCard slide={slide} eager={i === 0} load={load} />}
          />
        )}
      </div>
    </section>
  )
}

/** `load`: the image is fetched only once the carousel shows the slide or is about to (ui/carousel.tsx). */
function SlideCard({ slide, eager, load }: { slide: CarouselSlide; eager: boolean; load: boolean }) {
  return (
    <div class="slide-card">
      <div class="slide-card__media">
        <Img
          src={load ? slide.image : null}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          class="slide-card__image"
          fallback={<span class="slide-card__image slide-card__image--empty" />}
        />
      </div>
      <div class="slide-card__body">
        <h2 class="slide-card__title">{slide.title}</h2>
        {slide.description && <p class="slide-card__text">{slide.description}</p>}
        {slide.link && slide.button_text && (
          <a href={slide.link} class={buttonClass('primary', 'sm', 'slide-card__cta')}>
            {slide.button_text}
          </a>
        )}
      </div>
    </div>
  )
}
