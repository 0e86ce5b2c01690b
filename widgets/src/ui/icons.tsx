// The icon factory and the icon the tiles' first view draws are in icon.tsx (the custom elements' core
// chunk carries them); the rest come with the elements that draw them (vite.embed.config.ts).
export { icon, SparkIcon } from './icon'
import { ARROW_RIGHT_PATH, EXTERNAL_PATH, MENU_PATH } from '../../../sdk/contract/icon-paths-more'
import { icon } from './icon'

export const CloseIcon = icon(<path d="M18 6 6 18M6 6l12 12" />)
export const MenuIcon = icon(<path d={MENU_PATH} />)
export const ArrowLeftIcon = icon(<path d="M19 12H5M12 19l-7-7 7-7" />)
export const ArrowRightIcon = icon(<path d={ARROW_RIGHT_PATH} />)
export const ExternalIcon = icon(<path d={EXTERNAL_PATH} />)
export const UserIcon = icon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5" />
  </>,
)
export const LogOutIcon = icon(<path d="M9 20H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h4M16 16l4-4-4-4M20 12H9" />)
export const MailIcon = icon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </>,
)
export const StarIcon = icon(<path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1-5.4-2.9-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />)
export const TrophyIcon = icon(<path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0zM7 6H4v1a3 3 0 0 0 3 3M17 6h3v1a3 3 0 0 1-3 3" />)
export const CheckCircleIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12 3 3 5-6" />
  </>,
)
export const AlertIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v5M12 16h.01" />
  </>,
)
export const GiftIcon = icon(
  <>
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M5 12v8h14v-8M12 8v12M12 8S10.5 4 8 4a2 2 0 0 0 0 4M12 8s1.5-4 4-4a2 2 0 0 1 0 4" />
  </>,
)
export const ChevronLeftIcon = icon(<path d="m15 18-6-6 6-6" />)
export const ChevronRightIcon = icon(<path d="m9 18 6-6-6-6" />)
export const ChevronDownIcon = icon(<path d="m6 9 6 6 6-6" />)
export const PauseIcon = icon(<path d="M9 5v14M15 5v14" />)
export const PlayIcon = icon(<path d="M7 5v14l11-7z" />)
export const CopyIcon = icon(
  <>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
  </>,
)
export const ShareIcon = icon(
  <>
    <circle cx="18" cy="5" r="3" />
    <circle cx="6" cy="12" r="3" />
    <circle cx="18" cy="19" r="3" />
    <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
  </>,
)
export const ClockIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
)
export const HeartIcon = icon(
  <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />,
)
export const CalendarIcon = icon(
  <>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </>,
)
export const LinkIcon = icon(
  <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />,
)
