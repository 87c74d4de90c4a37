import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath, type To } from 'react-router-dom';

export type RouterLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
};

/**
 * A link to one of the app's pages, drawn as a plain <a> and followed without reloading, built on
 * react-router's public `useHref` and `useLinkClickHandler`. The app uses it instead of the
 * package's `<Link>`, whose prefetching machinery for framework mode (page links, route modules,
 * single fetch) weighed ~2 KiB gzip in every page's first render (docs/decisions.md, performance
 * rule 3). A modified click (Ctrl, ⌘, middle button) or a `target` other than _self keeps the
 * browser's own behaviour, as with `<Link>`.
 */
export const RouterLink = forwardRef<HTMLAnchorElement, RouterLinkProps>(function RouterLink(
  { to, replace, state, target, onClick, ...rest },
  ref,
) {
  const href = useHref(to);
  const followLink = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) followLink(event);
      }}
    />
  );
});

/**
 * A menu link that says when it leads to the current page (`aria-current="page"`, which the menus
 * style), with react-router's `<NavLink>` matching: case-insensitive, the page itself or, unless
 * `end`, a page below it ('/admin' for '/admin/demandes/…').
 */
export const NavLink = forwardRef<HTMLAnchorElement, RouterLinkProps & { end?: boolean }>(function NavLink(
  { end = false, ...props },
  ref,
) {
  const current = useLocation().pathname.toLowerCase();
  const target = useResolvedPath(props.to).pathname.toLowerCase();
  const below = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const active = current === target || (!end && current.startsWith(target) && current.charAt(below) === '/');
  return <RouterLink {...props} ref={ref} aria-current={active ? 'page' : undefined} />;
});
