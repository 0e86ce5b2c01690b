import { buttonClass } from '../../ui/button'
import { formatNumber } from '../../ui/format'
import { LogOutIcon, StarIcon, UserIcon } from '../../ui/icons'
import { Modal } from '../../ui/modal'
import { showToast } from '../../ui/toast'
import { useSite, useTerms } from '../../widgets/shared/context'
import { loadPage } from '../router'
import type { NavigationMenu } from '../types'
import { Avatar } from './avatar'
import { MenuLink } from './menu-link'

type SideMenuProps = { open: boolean; onClose: () => void; items: NavigationMenu[]; pathname: string }

/** The side menu: My Account, the menu items and Logout (or Sign In for visitors). */
export function SideMenu({ open, onClose, items, pathname }: SideMenuProps) {
  const { session, program } = useSite()
  const terms = useTerms()
  const signedIn = session.signedIn.value
  const participant = session.participant.value

  async function logout() {
    try {
      await session.signOut()
      loadPage('/')
    } catch {
      showToast({ tone: 'error', title: 'Error!', message: 'We could not sign you out. Please try again.' })
    }
  }

  return (
    <Modal open={open} onClose={onClose} title={signedIn ? 'Account menu' : 'Menu'} hideTitle variant="drawer">
      {signedIn && participant && (
        <div class="side-menu__profile">
          <Avatar participant={participant} size={48} />
          <div>
            <p class="side-menu__name">{participant.name}</p>
            <p class="side-menu__points">
              <StarIcon size={14} />
              {formatNumber(participant.unused_points)} {terms.points}
            </p>
          </div>
        </div>
      )}
      {/* A link closes the menu; the router then shows the page. */}
      <nav class="side-menu__nav" aria-label={signedIn ? 'Account' : 'Main'}>
        {signedIn && (
          <a href="/my-account" class="side-menu__link" onClick={onClose} aria-current={pathname === '/my-account' ? 'page' : undefined}>
            <UserIcon size={18} />
            My Account
          </a>
        )}
        {signedIn && program.features.receipts && (
          <a href="/my-account#upload-receipt" class="side-menu__link" onClick={onClose}>
            <StarIcon size={18} />
            Upload a receipt
          </a>
        )}
        {items.map((item) => (
          <MenuLink key={item.id} item={item} pathname={pathname} class="side-menu__link" onClick={onClose} />
        ))}
      </nav>
      <div class="side-menu__footer">
        {signedIn ? (
          <button type="button" class={buttonClass('outline', 'md', 'btn--block')} onClick={logout}>
            <LogOutIcon size={18} />
            Logout
          </button>
        ) : (
          <a href="/signin" class={buttonClass('primary', 'md', 'btn--block')} onClick={onClose}>
            Sign In
          </a>
        )}
      </div>
    </Modal>
  )
}
