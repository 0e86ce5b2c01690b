import { useSignal } from '@preact/signals'
import { buttonClass, IconButton } from '../../ui/button'
import { formatNumber } from '../../ui/format'
import { MenuIcon } from '../../ui/icons'
import { Skeleton } from '../../ui/skeleton'
import { useSite, useTerms } from '../../widgets/shared/context'
import { previewLandmarkLabel } from '../preview-mode'
import { visibleMenuItems } from '../menu'
import { currentUrl } from '../router'
import { Avatar } from './avatar'
import { MenuLink } from './menu-link'
import { SideMenu } from './side-menu'

/** Logo, menu items, and a Sign In button or the participant's greeting with their unused points. */
export function Header() {
  const { program, session } = useSite()
  const terms = useTerms()
  const menuOpen = useSignal(false)
  const signedIn = session.signedIn.value
  const participant = session.participant.value
  const pathname = currentUrl.value.pathname
  const items = visibleMenuItems(program.navigation_menus, signedIn)
  const logo = program.program_template_detail.header_logo

  return (
    <header class="site-header" aria-label={previewLandmarkLabel('site header')}>
      <div class="container site-header__inner">
        <a href="/" class="site-header__brand" aria-label={`${program.name} home`}>
          {logo ? <img src={logo} alt="" class="site-header__logo" height={36} /> : <span class="site-header__name">{program.name}</span>}
        </a>
        {items.length > 0 && (
          <nav class="site-nav" aria-label="Main">
            {items.map((item) => (
              <MenuLink key={item.id} item={item} pathname={pathname} class="site-nav__link" />
            ))}
          </nav>
        )}
        <div class="site-header__actions">
          {signedIn ? (
            <button
              type="button"
              class="greeting"
              aria-haspopup="dialog"
              aria-expanded={menuOpen.value}
              onClick={() => {
                menuOpen.value = true
              }}
            >
              <Avatar participant={participant} size={36} />
              <span class="greeting__text">
                {participant ? (
                  <>
                    <span class="greeting__hi">Hi, {participant.first_name}</span>
                    <span class="greeting__points">
                      {formatNumber(participant.unused_points)} {terms.points}
                    </span>
                  </>
                ) : session.status.value === 'loading' ? (
                  <>
                    <Skeleton width={72} height={14} />
                    <Skeleton width={56} height={12} />
                  </>
                ) : (
                  <span class="greeting__hi">My Account</span>
                )}
              </span>
              <span class="visually-hidden">, open account menu</span>
            </button>
          ) : (
            <>
              {/* The sign-in screen needs no link to itself. */}
              {pathname !== '/signin' && (
                <a href="/signin" class={buttonClass('primary', 'sm', 'site-header__signin')}>
                  Sign In
                </a>
              )}
              {items.length > 0 && (
                <IconButton
                  label="Open menu"
                  class="site-header__menu"
                  aria-haspopup="dialog"
                  aria-expanded={menuOpen.value}
                  onClick={() => {
                    menuOpen.value = true
                  }}
                >
                  <MenuIcon size={22} />
                </IconButton>
              )}
            </>
          )}
        </div>
      </div>
      <SideMenu
        open={menuOpen.value}
        onClose={() => {
          menuOpen.value = false
        }}
        items={items}
        pathname={pathname}
      />
    </header>
  )
}
