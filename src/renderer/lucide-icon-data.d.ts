/**
 * The drawings of the Lucide icons that LineIcon draws (src/renderer/shared/ui/line-icon.tsx):
 * each `lucide-react/icons/<name>` module exports `__iconData` next to its component, which its
 * published types leave out. One entry an icon; add one to draw a new icon with LineIcon.
 */
import type { LineIconData } from './shared/ui/line-icon';

declare module 'lucide-react/icons/menu' {
  export const __iconData: LineIconData;
}
declare module 'lucide-react/icons/trees' {
  export const __iconData: LineIconData;
}
declare module 'lucide-react/icons/mail' {
  export const __iconData: LineIconData;
}
declare module 'lucide-react/icons/map-pin' {
  export const __iconData: LineIconData;
}
declare module 'lucide-react/icons/phone' {
  export const __iconData: LineIconData;
}
declare module 'lucide-react/icons/calendar-check' {
  export const __iconData: LineIconData;
}
declare module 'lucide-react/icons/clock' {
  export const __iconData: LineIconData;
}
declare module 'lucide-react/icons/mountain' {
  export const __iconData: LineIconData;
}
declare module 'lucide-react/icons/party-popper' {
  export const __iconData: LineIconData;
}
declare module 'lucide-react/icons/users' {
  export const __iconData: LineIconData;
}
declare module 'lucide-react/icons/bike' {
  export const __iconData: LineIconData;
}
declare module 'lucide-react/icons/book-open' {
  export const __iconData: LineIconData;
}
declare module 'lucide-react/icons/compass' {
  export const __iconData: LineIconData;
}
declare module 'lucide-react/icons/landmark' {
  export const __iconData: LineIconData;
}
declare module 'lucide-react/icons/sparkles' {
  export const __iconData: LineIconData;
}
declare module 'lucide-react/icons/sun' {
  export const __iconData: LineIconData;
}
declare module 'lucide-react/icons/utensils' {
  export const __iconData: LineIconData;
}
declare module 'lucide-react/icons/utensils-crossed' {
  export const __iconData: LineIconData;
}
declare module 'lucide-react/icons/refresh-cw' {
  export const __iconData: LineIconData;
}
